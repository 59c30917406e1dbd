import fs, { type FileHandle } from 'node:fs/promises';
import type { Stats } from 'node:fs';
import type { Writable } from 'node:stream';
import path from 'node:path';
import { usageError, writeFailure } from '../errors.js';
import type { Context } from '../context.js';
import { createExclusive, tempBeside } from '../../local/exclusive-file.js';
import type { Api } from '../../api/api.js';
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

/** What -o names: a file written through a temporary file, or a FIFO or character device (a pipe, /dev/null, /dev/stdout) streamed into. */
export type OutputTarget = { kind: 'file'; file: string } | { kind: 'stream'; file: string };

const isStreamable = (st: Stats) => st.isFIFO() || st.isCharacterDevice();
const kindOf = (st: Stats) =>
  st.isDirectory()
    ? 'a folder'
    : st.isFIFO()
      ? 'a named pipe'
      : st.isCharacterDevice() || st.isBlockDevice()
        ? 'a device'
        : st.isSocket()
          ? 'a socket'
          : st.isSymbolicLink()
            ? 'a link'
            : 'a file';
const lstatOf = (file: string) => fs.lstat(file).catch(() => undefined);
const folderError = (file: string) => usageError(`${file} is a folder`, `Name a file in it, as -o ${path.join(file, 'NAME')}.`);

/**
 * Exit 2 when `file` is there and may not be replaced: without --force anything there; with
 * --force a folder, pipe, device or socket (a link is replaced itself, never written through).
 */
export async function refuseOverwrite(
  file: string,
  force: boolean | undefined,
  fix = 'Pass --force to replace it, or choose another file with -o.',
): Promise<void> {
  const st = await lstatOf(file);
  if (!st) return;
  if (st.isDirectory()) throw folderError(file);
  if (!st.isFile() && !st.isSymbolicLink())
    throw usageError(`${file} is ${kindOf(st)}: it is never replaced, --force or not`, 'Choose another name for what is written.');
  if (!force) throw usageError(`${file} already exists`, fix);
}

/** A descriptor of this process (/dev/stdout, /dev/fd/N, /proc/self/fd/N), named directly or through links to it. */
async function isOwnDescriptor(file: string): Promise<boolean> {
  const names = /^\/(dev\/(stdout|stderr|fd\/\d+)|proc\/self\/fd\/\d+)$/;
  let at = path.resolve(file);
  for (let hops = 0; hops < 8; hops++) {
    if (names.test(at)) return true;
    const next = await fs.readlink(at).catch(() => undefined);
    if (next === undefined) return false;
    at = path.resolve(path.dirname(at), next);
  }
  return false;
}

/**
 * What -o FILE is, checked before anything is asked of the service (exit 2): a folder, a
 * missing folder, or an existing file without --force. A pipe or character device is
 * streamed into when FILE is one, or a link of ours or the system's to one; so is one of this
 * process's descriptors (/dev/stdout, also when it is redirected to a file). A link someone
 * else planted is never followed.
 */
export async function outputTarget(file: string, force: boolean | undefined): Promise<OutputTarget> {
  const own = await lstatOf(file);
  const st = own?.isSymbolicLink() ? await fs.stat(file).catch(() => undefined) : own;
  const trustedLink = own?.isSymbolicLink() && (own.uid === 0 || own.uid === process.getuid?.());
  if (st && (!own?.isSymbolicLink() || trustedLink) && (isStreamable(st) || (await isOwnDescriptor(file)))) return { kind: 'stream', file };
  if (st?.isDirectory() && (!own?.isSymbolicLink() || trustedLink)) throw folderError(file);
  const dir = path.dirname(file);
  const isDir = await fs.stat(dir).then(
    (s) => s.isDirectory(),
    () => false,
  );
  if (!isDir) throw usageError(`cannot write ${file}: ${dir} is not a folder`, 'Create the folder first, or choose another file with -o.');
  await refuseOverwrite(file, force);
  return { kind: 'file', file };
}

/**
 * A stream into a pipe or device named by -o (appending: never cut, never created). A named
 * pipe is opened without blocking, again every 100 ms until a reader opens it (`onWait` says so
 * once), so Ctrl-C still stops a command whose pipe nobody reads: a blocked open would hold
 * the process past its exit.
 */
async function openOutputStream(file: string, o: { signal?: AbortSignal; onWait?: () => void } = {}): Promise<Writable> {
  const flags = fs.constants.O_WRONLY | fs.constants.O_APPEND;
  // Held open while the stream is opened: with a reader there, the blocking open returns at once.
  const reader = (await fs.stat(file)).isFIFO() ? await waitForReader(file, flags, o) : undefined;
  const handle = await fs.open(file, flags);
  await reader?.close();
  // A failed write reaches its writer (the write's callback, or pipeline): the event is not a second error.
  return handle.createWriteStream().on('error', () => {});
}

/** A non-blocking open of the pipe that succeeds once a reader has it open (ENXIO until then). */
async function waitForReader(file: string, flags: number, o: { signal?: AbortSignal; onWait?: () => void }): Promise<FileHandle> {
  for (let waited = false; ; waited = true) {
    const probe = await fs.open(file, flags | fs.constants.O_NONBLOCK).catch((e: NodeJS.ErrnoException) => {
      if (e.code !== 'ENXIO') throw e;
      return undefined;
    });
    if (probe) return probe;
    if (!waited) o.onWait?.();
    o.signal?.throwIfAborted();
    await new Promise((r) => setTimeout(r, 100));
    o.signal?.throwIfAborted();
  }
}

/** openOutputStream for a command: Ctrl-C stops the wait for a reader, which is said on stderr. */
export const openOutputFor = (ctx: Context, file: string): Promise<Writable> =>
  openOutputStream(file, {
    signal: ctx.signal,
    onWait: () => ctx.out.info(`Waiting for a reader of the pipe ${file} (Ctrl-C to stop)...`),
  });

/** Renames a finished file into place (checking again that nothing appeared there meanwhile that it may not replace). */
export async function moveIntoPlace(from: string, to: string, force: boolean | undefined): Promise<void> {
  await refuseOverwrite(to, force);
  await fs.rename(from, to);
}

/**
 * Writes a file through a hidden temporary file in the same folder, created exclusively
 * (mode 0600, never through a planted link): `write` fills it, then it is renamed to `file`.
 * On any failure or interruption the temporary file is removed.
 */
export async function writeAtomically<T>(file: string, force: boolean | undefined, write: (out: FileHandle) => Promise<T>): Promise<T> {
  const tmp = tempBeside(file, 'download', true);
  try {
    const handle = await createExclusive(tmp);
    let done: T;
    try {
      done = await write(handle).catch((e: unknown) => {
        throw writeFailure(file, e);
      });
    } finally {
      await handle.close();
    }
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
export async function downloadToFile(
  api: Api,
  file: string,
  link: CsvExportLink,
  force: boolean | undefined,
  opts: DownloadOptions = {},
): Promise<DownloadResult> {
  return writeAtomically(file, force, async (out) => api.exports.downloadCsv(link, out.createWriteStream(), opts));
}
