/**
 * Text from the service as a terminal shows it: control characters and escape sequences
 * written out (\u001b), never obeyed, so data cannot retitle the window or move the cursor.
 * Newlines and tabs stay. json, ndjson, csv and tsv keep the data as it is.
 */
export function printable(text: string): string {
  return text.replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** A message of ours, which may hold our own colours (SGR: ESC [ ... m): every other control character written out. */
export function inertMessage(text: string): string {
  return text.replace(/\u001b(?!\[[0-9;]*m)|[\u0000-\u0008\u000b-\u001a\u001c-\u001f\u007f-\u009f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
