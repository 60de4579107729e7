import type messages from './messages/en.json';

/**
 * next-intl's type configuration: message keys are checked against the English catalogue
 * (`messages/fi.json` has the same keys; tests/unit checks that).
 */
declare module 'next-intl' {
  interface AppConfig {
    Messages: typeof messages;
  }
}
