import type { Readable } from 'node:stream';
import { usageError } from '../errors.js';
import { readTextFile } from '../prompt.js';

/**
 * Lead ids from --lead-ids (repeatable, comma-separated) and --lead-ids-file (one id per
 * line or comma-separated; - for stdin), de-duplicated in order.
 */
export async function readLeadIds(
  ids: readonly string[] | undefined,
  file: string | undefined,
  stdin: Readable,
): Promise<string[] | undefined> {
  if (ids === undefined && file === undefined) return undefined;
  const all = [...(ids ?? [])];
  if (file !== undefined) {
    const text = await readTextFile('--lead-ids-file', file, stdin);
    all.push(...text.split(/[\s,]+/));
  }
  const out = [...new Set(all.map((s) => s.trim()).filter(Boolean))];
  if (out.length === 0) throw usageError('no lead ids given', 'Pass --lead-ids ID,... or --lead-ids-file FILE with one id per line.');
  return out;
}

export { batches } from '../../workflows/batches.js';
