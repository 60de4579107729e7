/**
 * Lengths of the contact form and the admins' answer, in characters, with no imports: a module of
 * their own, as the bundler keeps a module's every export, so the other forms do not carry them.
 */

/** A contact message's subject (one line), in characters. */
export const CONTACT_SUBJECT_MAX = 150;
/** A contact message's text, in characters. */
export const CONTACT_MESSAGE_MAX = 5000;
/** A visitor's name on the contact form (one line), in characters. */
export const CONTACT_NAME_MAX = 100;
/** An admin's answer to a contact message, in characters. */
export const CONTACT_ANSWER_MAX = 10_000;
