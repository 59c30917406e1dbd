/**
 * A fixtures file or object the sandbox refuses: one line naming the source, the field path
 * (organizations[0].users[1].email) and what is wrong. Kept free of zod so the CLI core can
 * recognise it (by name: the sandbox server is a bundle of its own with its own classes).
 */
export class FixturesError extends Error {
  constructor(
    /** Where the fixtures came from: a file path, or "fixtures" for an object. */
    readonly source: string,
    /** The field path, '' for the whole document. */
    readonly field: string,
    readonly problem: string,
  ) {
    super(`${source}: ${field ? `${field}: ` : ''}${problem}`);
    this.name = 'FixturesError';
  }
}

export function isFixturesError(e: unknown): e is FixturesError {
  return e instanceof Error && e.name === 'FixturesError' && 'field' in e;
}

/** A zod issue path as a reader writes it: organizations[0].users[1].email. */
export function fieldPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((out, p) => (typeof p === 'number' ? `${out}[${p}]` : `${out}${out ? '.' : ''}${String(p)}`), '');
}
