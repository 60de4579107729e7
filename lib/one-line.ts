/**
 * Text that must stay on one line where it is pasted: mail subjects, and names and headlines in
 * the lines of a mail body (a line break there would start a header, or let a member add lines of
 * their own to a mail sent from the site's address). Kept apart from lib/text.ts so that forms in
 * the browser take only this.
 */

/**
 * Control characters (C0, DEL, C1), the Unicode line and paragraph separators and the bidi
 * embedding, override and isolate marks: none may reach a one-line text (a mail subject or a
 * name in a header), where a line break would start a new header.
 */
const NOT_ONE_LINE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]+/g;

/**
 * One line of text as it may go into a mail subject or header: control characters, line breaks
 * and bidi marks become a space, runs of white space one space, the ends trimmed. Pure.
 * ("Hello\r\nBcc: x@y.z" → "Hello Bcc: x@y.z")
 */
export function singleLine(text: string): string {
  return text.replace(NOT_ONE_LINE, ' ').replace(/\s+/g, ' ').trim();
}

/** Whether `text` holds a control character, a line or paragraph separator or a bidi mark (tabs included). Pure. */
export function hasControlCharacters(text: string): boolean {
  return new RegExp(NOT_ONE_LINE.source).test(text);
}
