import { closeSync, constants, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import path from 'node:path';

/** node:fs/promises when first used: loading it at start would cost every command a couple of ms. */
const fsPromises = () => process.getBuiltinModule('node:fs/promises');

/**
 * Files we write are never written through something planted: a new file is created with
 * O_CREAT|O_EXCL|O_NOFOLLOW (anything already at the path, a symlink included, makes the
 * open fail instead of being followed or reused), mode 0600, under a random name beside its
 * target, then renamed into place. A file reopened to continue (a resumed export's .part) must
 * be a regular file of ours with one link, opened without following a link.
 */

const { O_CREAT, O_EXCL, O_NOFOLLOW, O_WRONLY, O_RDWR } = constants;
/** Open flags that create a new file, failing on anything already at the name (a link included). */
export const CREATE_NEW = O_CREAT | O_EXCL | O_NOFOLLOW | O_WRONLY;

/**
 * A fresh name beside `file` for writing it: `file.<pid><random>.tmp` in hex (or another
 * `suffix`). O_EXCL, not the name, is what keeps it safe; the name only keeps writers apart.
 */
export function tempBeside(file: string, suffix = 'tmp', hidden = false): string {
  const tail = `${process.pid.toString(16)}${Math.floor(Math.random() * 2 ** 48)
    .toString(16)
    .padStart(12, '0')}`;
  const base = `${hidden ? '.' : ''}${path.basename(file)}.${tail}.${suffix}`;
  return path.join(path.dirname(file), base);
}

/** Creates `file`, which must not exist in any form; mode 0600 unless given. */
export function createExclusive(file: string, mode = 0o600): Promise<FileHandle> {
  return fsPromises().open(file, CREATE_NEW, mode);
}

/**
 * Writes a file only its owner can read (0600) atomically: a temporary file created
 * exclusively beside it, renamed into place, so a reader sees the old content or the new,
 * never half of it, and a link planted at the temporary name is never followed.
 */
export function writeExclusiveSync(file: string, data: string | Uint8Array, mode = 0o600): void {
  const tmp = tempBeside(file);
  try {
    const fd = openSync(tmp, CREATE_NEW, mode);
    try {
      const buf = typeof data === 'string' ? Buffer.from(data) : data;
      let done = 0;
      while (done < buf.length) done += writeSync(fd, buf, done, buf.length - done);
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, file);
  } catch (e) {
    rmSync(tmp, { force: true });
    throw e;
  }
}

/** Why the file at `file` is not one this user wrote and may continue, or undefined when it is. */
function notOurs(st: { isFile(): boolean; uid: number; nlink: number }): string | undefined {
  if (!st.isFile()) return 'it is not a regular file';
  if (typeof process.getuid === 'function' && st.uid !== process.getuid()) return 'it belongs to another user';
  if (st.nlink !== 1) return 'it has other links to it';
  return undefined;
}

/** Opens a file this user made earlier to write on in it; throws (code EPLANTED) naming why when it is a link, another user's, or not a plain file. */
export async function reopenOwn(file: string): Promise<FileHandle> {
  const handle = await fsPromises()
    .open(file, O_RDWR | O_NOFOLLOW)
    .catch((e: NodeJS.ErrnoException) => {
      throw e.code === 'ELOOP' ? planted(file, 'it is a symbolic link') : e;
    });
  const why = notOurs(await handle.stat());
  if (!why) return handle;
  await handle.close();
  throw planted(file, why);
}

function planted(file: string, why: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`${file} is not a file this tool wrote: ${why}`), { code: 'EPLANTED', path: file });
}
