import { readFile } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { usageError } from './errors.js';
import { readAll } from './prompt.js';

/**
 * The JSON object a flag like --filters names: inline JSON (starting with `{`), a file,
 * or `-` for stdin. Bad input is a usage error naming the flag and what was wrong.
 */
export async function readJsonObject(flag: string, value: string, stdin: Readable): Promise<Record<string, unknown>> {
  let text: string;
  let source: string;
  if (value.trim().startsWith('{')) {
    text = value;
    source = `${flag} value`;
  } else if (value === '-') {
    text = await readAll(stdin);
    source = `${flag} from stdin`;
  } else {
    try {
      text = await readFile(value, 'utf8');
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code ?? 'error';
      throw usageError(
        `cannot read ${flag} file "${value}" (${code})`,
        `Give a JSON file, - for stdin, or inline JSON such as '{"titles":["CTO"]}'.`,
      );
    }
    source = `${flag} file "${value}"`;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    throw usageError(`${source} is not valid JSON: ${(e as Error).message}`, 'Check the quoting; keys and strings need double quotes.');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw usageError(`${source} must be a JSON object`, `For example '{"titles":["CTO"]}'.`);
  return parsed as Record<string, unknown>;
}

/** At most one flag may read stdin in one command. */
export function oneStdinReader(values: Record<string, string | undefined>): void {
  const readers = Object.entries(values).filter(([, v]) => v === '-');
  if (readers.length > 1)
    throw usageError(
      `${readers.map(([k]) => k).join(' and ')} cannot both read stdin`,
      'Give all but one of them as a file or inline JSON.',
    );
}
