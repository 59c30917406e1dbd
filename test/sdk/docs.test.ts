import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The committed SDK reference (docs/sdk/, written by `npm run docs`) has a page for every name
 * src/index.ts exports and none for a name it no longer exports. Regenerating the reference in a
 * test takes TypeDoc about 25 s of CPU, so this checks the list of names only: a changed
 * signature or comment needs `npm run docs` without a test saying so.
 */
const ROOT = path.resolve(import.meta.dirname, '..', '..');

/** The names src/index.ts exports (`export { a, b as c }`, `export type {...}`, `export * as ns`). */
function exportedNames(): string[] {
  const text = readFileSync(path.join(ROOT, 'src', 'index.ts'), 'utf8');
  const lists = [...text.matchAll(/export (?:type )?\{([^}]*)\}/g)].flatMap((m) => m[1]!.split(','));
  const named = lists
    .map((s) =>
      s
        .trim()
        .split(/\s+as\s+/)
        .pop()!,
    )
    .filter(Boolean);
  const namespaces = [...text.matchAll(/export \* as (\w+)/g)].map((m) => m[1]!);
  return [...named, ...namespaces].sort();
}

/** The names the reference's index page links to. */
function documentedNames(): string[] {
  const index = readFileSync(path.join(ROOT, 'docs', 'sdk', 'README.md'), 'utf8');
  return [...index.matchAll(/^- \[([\w\\]+)\]\(/gm)].map((m) => m[1]!.replaceAll('\\', '')).sort();
}

describe('the SDK reference in docs/sdk', () => {
  it('has a page for each export of the package, and only those (else: npm run docs)', () => {
    expect(documentedNames()).toEqual(exportedNames());
  });
});
