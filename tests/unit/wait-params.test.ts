import { createTranslator } from 'next-intl';
import { describe, expect, it } from 'vitest';
import { waitParams } from '@/components/forms/writing-limit';
import en from '@/messages/en.json';
import fi from '@/messages/fi.json';

describe('the wait of a "try again in …" message', () => {
  it('counts seconds under two minutes, minutes under two hours, else hours, always rounded up', () => {
    expect(waitParams(14)).toEqual({ seconds: 14, n: 14, unit: 'second' });
    expect(waitParams(0)).toEqual({ seconds: 1, n: 1, unit: 'second' });
    expect(waitParams(119)).toEqual({ seconds: 119, n: 119, unit: 'second' });
    expect(waitParams(120)).toEqual({ seconds: 120, n: 2, unit: 'minute' });
    expect(waitParams(121)).toEqual({ seconds: 121, n: 3, unit: 'minute' });
    expect(waitParams(7199)).toEqual({ seconds: 7199, n: 120, unit: 'minute' });
    expect(waitParams(7200)).toEqual({ seconds: 7200, n: 2, unit: 'hour' });
    expect(waitParams(86_399)).toEqual({ seconds: 86_399, n: 24, unit: 'hour' });
  });

  it.each([
    [1, 'Try again in 1 second.', 'Yritä uudelleen 1 sekunnin kuluttua.'],
    [14, 'Try again in 14 seconds.', 'Yritä uudelleen 14 sekunnin kuluttua.'],
    [300, 'Try again in 5 minutes.', 'Yritä uudelleen 5 minuutin kuluttua.'],
    [3600, 'Try again in 60 minutes.', 'Yritä uudelleen 60 minuutin kuluttua.'],
    [72_000, 'Try again in 20 hours.', 'Yritä uudelleen 20 tunnin kuluttua.'],
  ])('the writing limit message after %i s in English and Finnish', (seconds, enWait, fiWait) => {
    const say = (locale: 'en' | 'fi') =>
      createTranslator({ locale, messages: locale === 'fi' ? fi : en, namespace: 'forms' })(
        'writingLimited',
        waitParams(seconds),
      );
    expect(say('en')).toBe(`You are writing faster than the site allows. ${enWait} What you wrote is kept.`);
    expect(say('fi')).toBe(`Kirjoitat nopeammin kuin sivusto sallii. ${fiWait} Kirjoittamasi teksti on tallessa.`);
  });
});
