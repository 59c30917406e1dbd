import fs from 'node:fs/promises';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { dataDir } from '../../../local/paths.js';
import { usageError } from '../../../cli/errors.js';

/**
 * The checkpoint of an `export json --all`, saved after every page once its rows are
 * written: what was asked (list, columns, format), how far it got (the next page's cursor,
 * rows and bytes written) and where to. `--resume` continues from it: a file's `.part` is cut
 * back to the bytes counted here and the export goes on from the cursor, so the result is
 * byte for byte that of one uninterrupted run.
 */

import type { StreamFormat } from './page-writer.js';
import { writePrivateFile } from '../../../local/private-file.js';

/** What an export was asked for: a checkpoint continues only the same request. */
export interface ExportRequest {
  list_id: string;
  /** The columns, in order (the defaults written out when none were chosen). */
  columns: string[];
  format: StreamFormat;
}

export interface ExportCheckpoint extends ExportRequest {
  version: 1;
  /** The next page's cursor; null before the first page, and after the last once `done`. */
  cursor: string | null;
  done: boolean;
  rows: number;
  /** Bytes of output written up to the end of the last page. */
  bytes: number;
  /** The file written (as its .part until complete), or null for stdout. */
  output: string | null;
  /** To stdout redirected to a file: the size that file had when the export began (its bytes start there). */
  stdout_start?: number;
  /** A hash of the fields above, set on saving: a checkpoint that does not match it was not written whole by this tool. */
  check?: string;
  updated_at: string;
}

type Env = Record<string, string | undefined>;

/** The unfinished file an export to FILE writes. */
export const partFileOf = (file: string): string => `${file}.part`;

/**
 * Where the checkpoint of an export lives: beside FILE.part, or for stdout in the data dir,
 * keyed by list, columns and format, and by the file stdout is redirected to when known (two
 * exports of one list into two files are two checkpoints).
 */
export function checkpointFile(req: ExportRequest, output: string | null, env: Env, stdoutPath?: string): string {
  if (output) return `${partFileOf(output)}.checkpoint.json`;
  const key = createHash('sha256')
    .update(JSON.stringify([req.columns, req.format, ...(stdoutPath ? [stdoutPath] : [])]))
    .digest('hex')
    .slice(0, 16);
  return path.join(stdoutCheckpointDir(env), `${req.list_id}-${key}.json`);
}

const stdoutCheckpointDir = (env: Env): string => path.join(dataDir(env), 'exports');

/** A checkpoint file that is there but cannot be read as one (cut short, edited, another tool's). */
export const CORRUPT = 'corrupt' as const;

/** What a checkpoint holds, hashed: a checkpoint changed by hand or cut short no longer matches its `check`. */
const checkOf = (cp: Omit<ExportCheckpoint, 'check'>): string => {
  const { check: _, ...fields } = cp as ExportCheckpoint;
  return createHash('sha256').update(JSON.stringify(fields)).digest('hex');
};

const isCount = (n: unknown): n is number => Number.isSafeInteger(n) && (n as number) >= 0;

export async function loadCheckpoint(file: string): Promise<ExportCheckpoint | typeof CORRUPT | undefined> {
  let text: string;
  try {
    text = await fs.readFile(file, 'utf8');
  } catch {
    return undefined;
  }
  try {
    const cp = JSON.parse(text) as ExportCheckpoint;
    const sound =
      cp?.version === 1 &&
      isCount(cp.rows) &&
      isCount(cp.bytes) &&
      (cp.stdout_start === undefined || isCount(cp.stdout_start)) &&
      (cp.cursor === null || typeof cp.cursor === 'string') &&
      typeof cp.done === 'boolean' &&
      typeof cp.list_id === 'string' &&
      Array.isArray(cp.columns) &&
      cp.columns.every((c) => typeof c === 'string') &&
      cp.check === checkOf(cp);
    return sound ? cp : CORRUPT;
  } catch {
    return CORRUPT;
  }
}

/** Written to a temporary file and renamed, so a kill leaves the previous checkpoint or this one, never half of one. */
export async function saveCheckpoint(file: string, cp: ExportCheckpoint): Promise<void> {
  writePrivateFile(file, JSON.stringify({ ...cp, check: checkOf(cp) }));
}

export async function dropCheckpoint(file: string): Promise<void> {
  await fs.rm(file, { force: true });
}

export const describeExport = (r: ExportRequest) => `list ${r.list_id}, columns ${r.columns.join(',')}, format ${r.format}`;

/** Why a checkpoint cannot continue this request (undefined when it can). */
export function checkpointMismatch(cp: ExportCheckpoint, req: ExportRequest): string | undefined {
  const same = cp.list_id === req.list_id && cp.format === req.format && cp.columns.join('\n') === req.columns.join('\n');
  return same ? undefined : `the interrupted export was of ${describeExport(cp)}; this command asks for ${describeExport(req)}`;
}

/** Other interrupted stdout exports of the same list (other columns or format), to name when none matches. */
export async function otherStdoutCheckpoints(listId: string, env: Env): Promise<ExportCheckpoint[]> {
  const dir = stdoutCheckpointDir(env);
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  const found = await Promise.all(
    names.filter((n) => n.startsWith(`${listId}-`) && n.endsWith('.json')).map((n) => loadCheckpoint(path.join(dir, n))),
  );
  return found.filter((c): c is ExportCheckpoint => c !== undefined && c !== CORRUPT);
}

/** The size of `file` when it is a regular file (stdout redirected to one); undefined for a pipe, a device or none. */
export async function regularFileSize(file: string | undefined): Promise<number | undefined> {
  if (!file) return undefined;
  const st = await fs.stat(file).catch(() => undefined);
  return st?.isFile() ? st.size : undefined;
}

/**
 * Resuming to stdout redirected to the file the export began in: bytes after what the
 * checkpoint counts were written by a run killed (kill -9) before it could count them, a page
 * whole or in part, which the resumed run writes again. They are cut, so the file ends as one
 * uninterrupted run would have written it. Returns the bytes cut.
 */
export async function cutUncounted(file: string | undefined, cp: ExportCheckpoint): Promise<number> {
  if (cp.stdout_start === undefined) return 0;
  const size = await regularFileSize(file);
  const counted = cp.stdout_start + cp.bytes;
  if (size === undefined || size === counted) return 0;
  // Less than the interrupted export wrote there: not the same file, or replaced (`>` instead of `>>`).
  if (size < counted)
    throw usageError(
      `cannot resume: ${file} holds ${size} bytes, fewer than the ${counted} the interrupted export had written to it`,
      'Resume appending to the file the export began in (>> FILE, not > FILE), or run it again without --resume.',
    );
  await fs.truncate(file!, counted);
  return size - counted;
}
