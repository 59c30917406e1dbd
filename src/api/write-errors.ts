/** Errors of a write that failed because of where it went (a full disk, an I/O error, a closed pipe), not because of what was written. */
export const WRITE_ERRORS: Readonly<Record<string, string>> = {
  ENOSPC: 'no space left on the device',
  EDQUOT: 'over the disk quota',
  EFBIG: 'the file grew past what the file system allows',
  EIO: 'an input/output error',
  EROFS: 'the file system is read-only',
  EPIPE: 'the reader of the pipe went away',
};

export const isWriteError = (e: unknown): e is NodeJS.ErrnoException => {
  const code = (e as NodeJS.ErrnoException | undefined)?.code;
  return typeof code === 'string' && Object.hasOwn(WRITE_ERRORS, code);
};

/** `could not write FILE: ENOSPC (no space left on the device)`: what every failed write of the CLI says. */
export function writeFailureText(where: string, e: NodeJS.ErrnoException): string {
  const why = isWriteError(e) ? WRITE_ERRORS[e.code!] : undefined;
  return `could not write ${where}: ${e.code ?? e.message}${why ? ` (${why})` : ''}`;
}
