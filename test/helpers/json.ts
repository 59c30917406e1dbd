/** Parses a command's JSON output. */
export const json = (text: string) => JSON.parse(text) as Record<string, any>;

/** Parses NDJSON output: one object per non-empty line. */
export const ndjson = (text: string) =>
  text
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, any>);
