// Text from the portal (titles, descriptions, its error messages) is data, and a terminal obeys
// what it is sent: an escape sequence in a title could clear the screen, retitle the window or
// hide text, a CR overwrite the start of a line, a bidi override make a line read backwards.
// Every line the CLI writes passes through here (io.ts), so no command can forget it.
// Newline and tab stay: they are layout, and they move nothing the dealer did not see.

/** C0 controls but newline and tab, DEL, C1 controls (CSI U+009B included), bidi marks, embeddings, overrides and isolates. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;
/** What JSON.stringify leaves raw (it already escapes the C0 controls). */
const UNSAFE_IN_JSON = /[\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;

const hex = (c: string, width: number) => (c.codePointAt(0) ?? 0).toString(16).padStart(width, '0');

/** Shows each unsafe character as a visible escape (`\x1b`, `\u202e`) instead of sending it. */
export function escapeControls(text: string): string {
  return text.replace(UNSAFE, (c) => ((c.codePointAt(0) ?? 0) < 0x100 ? `\\x${hex(c, 2)}` : `\\u${hex(c, 4)}`));
}

/** JSON text with the characters above as `\uXXXX` escapes: the same JSON value, safe to print. */
export function escapeJsonControls(jsonText: string): string {
  return jsonText.replace(UNSAFE_IN_JSON, (c) => `\\u${hex(c, 4)}`);
}
