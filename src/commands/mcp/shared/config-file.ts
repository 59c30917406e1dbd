import { closeSync, fchmodSync, constants, fstatSync, lstatSync, mkdirSync, openSync, readFileSync, readlinkSync } from 'node:fs';
import path from 'node:path';
import { isObject } from '../../../api/is-object.js';
import { usageError } from '../../../cli/errors.js';
import { shellWord } from '../../../config/shell-word.js';
import { writeExclusiveSync } from '../../../local/exclusive-file.js';
import { CLIENTS, type McpClient, type ServerEntry } from './config-clients.js';

type Json = Record<string, unknown>;

/** The settings file as it is: its parsed content and mode, or undefined when there is none. */
function readSettings(file: string, client: McpClient): { data: Json; mode: number } | undefined {
  const spec = CLIENTS[client];
  const byHand = `Fix it by hand (add the entry printed by the same command without --write), or name another file with --file.`;
  const link = () => {
    const target = readlinkSync(file);
    return usageError(
      `${file} is a symbolic link (to ${target}): mcp config does not write through a link or replace it`,
      `Name the file it points to: --file ${shellWord(path.resolve(path.dirname(file), target))}.`,
    );
  };
  let st;
  try {
    st = lstatSync(file);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw e;
  }
  if (st.isSymbolicLink()) throw link();
  if (!st.isFile()) throw usageError(`${file} is not a regular file`, 'Name the settings file with --file.');
  // Read through a descriptor opened without following a link: a link put there since lstat is refused too.
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ELOOP') throw link();
    throw e;
  }
  let text: string;
  let mode: number;
  try {
    mode = fstatSync(fd).mode & 0o777;
    text = readFileSync(fd, 'utf8');
  } finally {
    closeSync(fd);
  }
  if (text.trim() === '') return { data: {}, mode };
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    const comments = spec.comments ? ` (${spec.title} accepts comments and trailing commas in it; plain JSON does not)` : '';
    throw usageError(`${file} is not valid JSON${comments}: ${(e as Error).message}; it was left as it is`, byHand);
  }
  if (!isObject(data)) throw usageError(`${file} does not hold a JSON object at the top level; it was left as it is`, byHand);
  if (data[spec.serversKey] !== undefined && !isObject(data[spec.serversKey]))
    throw usageError(`"${spec.serversKey}" in ${file} is not an object of servers by name; it was left as it is`, byHand);
  return { data, mode };
}

/**
 * Sets the `name` server entry in a client's settings file and keeps everything else in it:
 * read whole, merged, written whole through a temporary file created exclusively beside it and
 * renamed into place. A new file is 0600 in folders created 0700; an existing one keeps its mode.
 */
export function writeServerEntry(file: string, client: McpClient, name: string, entry: ServerEntry): 'added' | 'replaced' {
  const key = CLIENTS[client].serversKey;
  const existing = readSettings(file, client);
  const top = existing?.data ?? {};
  const servers = (top[key] as Json | undefined) ?? {};
  const action = Object.hasOwn(servers, name) ? 'replaced' : 'added';
  const merged = { ...top, [key]: { ...servers, [name]: entry } };
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const mode = existing?.mode ?? 0o600;
  writeExclusiveSync(file, `${JSON.stringify(merged, null, 2)}\n`, mode);
  keepMode(file, mode);
  return action;
}

/** The umask may have taken bits off an existing file's mode (0664 under 022): they are put back on the file just written, never through a link. */
function keepMode(file: string, mode: number): void {
  const fd = openSync(file, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
  try {
    if ((fstatSync(fd).mode & 0o777) !== mode) fchmodSync(fd, mode);
  } finally {
    closeSync(fd);
  }
}
