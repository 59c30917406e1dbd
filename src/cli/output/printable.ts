/**
 * Text from the service as a terminal shows it: control characters, escape sequences and
 * bidirectional overrides written out (\u001b, \u202e), never obeyed, so data cannot retitle
 * the window, move the cursor, colour or hide text, or reorder what follows it. Newlines and
 * tabs stay. json, ndjson, csv and tsv keep the data as it is.
 */
const CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const CONTROLS_AND_BREAKS = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

const writtenOut = (c: string) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;

export function printable(text: string): string {
  return text.replace(CONTROLS, writtenOut);
}

/** One line of it: line breaks and tabs written out too (a table cell, a name inside a message), so data cannot forge lines. */
export function printableLine(text: string): string {
  return text.replace(CONTROLS_AND_BREAKS, writtenOut);
}

/** A name from the service inside a message: "Q3 CTOs", quoted, on one line. */
export const quoted = (name: string): string => `"${printableLine(name)}"`;
