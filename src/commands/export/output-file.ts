import fs from 'node:fs/promises';
import path from 'node:path';
import { usageError } from '../../cli/errors.js';
import { downloadCsvExport } from '../../api/resources/export.js';
import type { DownloadOptions, DownloadResult } from '../../api/download.js';
import type { CsvExportLink } from '../../api/schemas/export.js';

/**
 * Where an export is written. A file is never half-written: the data goes to a file beside
 * it, renamed into place only when complete, and an existing file is replaced only with --force.
 */

/** `-o -`: the data goes to stdout. */
export const STDOUT = '-';

/** A file name made from a list's name (letters, digits, dot, dash, underscore), in the current directory. */
export function fileNameFor(listName: string, ext: string): string {
  const base = listName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[-.]+|-+$/g, '');
  return `${base || 'export'}.${ext}`;
}

async function exists(file: string): Promise<boolean> {
  return fs.access(file).then(
    () => true,
    () => false,
  );
}

/** Exit 2 when the file exists and --force was not given. */
export async function refuseOverwrite(file: string, force: boolean | undefined, fix = 'Pass --force to replace it, or choose another file with -o.'): Promise<void> {
  if (!force && (await exists(file))) throw usageError(`${file} already exists`, fix);
}

/** Exit 2, before anything is asked of the service, when the file could not be written: no such folder, or it exists without --force. */
export async function checkOutputFile(file: string, force: boolean | undefined): Promise<void> {
  const dir = path.dirname(file);
  const isDir = await fs.stat(dir).then(
    (s) => s.isDirectory(),
    () => false,
  );
  if (!isDir) throw usageError(`cannot write ${file}: ${dir} is not a folder`, 'Create the folder first, or choose another file with -o.');
  await refuseOverwrite(file, force);
}

/** Renames a finished file into place (checking again that nothing appeared there meanwhile without --force). */
export async function moveIntoPlace(from: string, to: string, force: boolean | undefined): Promise<void> {
  await refuseOverwrite(to, force);
  await fs.rename(from, to);
}

/**
 * Writes a file through a hidden temporary file in the same folder: `write` fills it, then it
 * is renamed to `file`. On any failure or interruption the temporary file is removed.
 */
export async function writeAtomically<T>(file: string, force: boolean | undefined, write: (tmp: string) => Promise<T>): Promise<T> {
  const { randomBytes } = await import('node:crypto');
  const tmp = path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(4).toString('hex')}.download`);
  try {
    const done = await write(tmp);
    await moveIntoPlace(tmp, file, force);
    return done;
  } catch (e) {
    await fs.rm(tmp, { force: true });
    throw e;
  }
}

/** A byte count as people read it (1.4 MB). */
export function formatBytes(n: number): string {
  if (n < 1000) return `${n} B`;
  const units = ['kB', 'MB', 'GB', 'TB'];
  let v = n;
  let u = -1;
  while (v >= 1000 && u < units.length - 1) {
    v /= 1000;
    u++;
  }
  return `${v < 10 ? v.toFixed(1) : Math.round(v)} ${units[u]}`;
}

/** Downloads an export link into `file`, through a temporary file renamed into place when complete and of the announced size. */
export async function downloadToFile(file: string, link: CsvExportLink, force: boolean | undefined, opts: DownloadOptions = {}): Promise<DownloadResult> {
  const { createWriteStream } = await import('node:fs');
  return writeAtomically(file, force, async (tmp) => downloadCsvExport(link, createWriteStream(tmp, { flags: 'wx' }), opts));
}
