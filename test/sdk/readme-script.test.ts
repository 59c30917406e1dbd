import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fences } from '../helpers/readme-blocks.js';
import { tempDir } from '../helpers/temp-dir.js';

/**
 * The README's SDK script (the fence that imports prospect-cli/sandbox), as a reader copies it
 * into a project: it type-checks under strict settings, and it runs, starting its own sandbox.
 * The package names point at the sources (src/index.ts, src/sandbox/public.ts), which the
 * built package's declarations and bundles are made from.
 */
const ROOT = path.resolve(import.meta.dirname, '..', '..');
const ENTRIES = {
  'prospect-cli': path.join(ROOT, 'src', 'index.ts'),
  'prospect-cli/sandbox': path.join(ROOT, 'src', 'sandbox', 'public.ts'),
};

function readmeScript(): string[] {
  const scripts = fences(readFileSync(path.join(ROOT, 'README.md'), 'utf8')).filter(
    (f) => f.lang === 'ts' && f.body.some((l) => l.includes("from 'prospect-cli/sandbox'")),
  );
  expect(scripts, 'one ts block of the README imports prospect-cli/sandbox').toHaveLength(1);
  return scripts[0]!.body;
}

/** The compiler's complaints about a file of a project with `strict` and Node's module rules. */
function typeErrors(file: string): string[] {
  const program = ts.createProgram([file], {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    lib: ['lib.es2023.d.ts'],
    types: ['node'],
    typeRoots: [path.join(ROOT, 'node_modules', '@types')],
    skipLibCheck: true,
    paths: Object.fromEntries(Object.entries(ENTRIES).map(([name, to]) => [name, [to]])),
  });
  const source = program.getSourceFile(file)!;
  return [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)].map(
    (d) =>
      `${d.start === undefined ? '' : `line ${source.getLineAndCharacterOfPosition(d.start).line + 1}: `}${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`,
  );
}

afterEach(() => vi.restoreAllMocks());

describe("the README's SDK script", () => {
  const body = readmeScript();
  const dir = tempDir('prospect-readme-sdk-');

  it('is about 30 lines and uses only the public entries', () => {
    expect(body.length).toBeLessThanOrEqual(36);
    const imports = body.filter((l) => /^import /.test(l)).map((l) => /from '([^']+)'/.exec(l)?.[1]);
    expect(imports).toEqual(['prospect-cli', 'prospect-cli/sandbox']);
  });

  it('type-checks under strict settings', () => {
    const file = path.join(dir, 'script.mts');
    writeFileSync(file, body.join('\n'));
    expect(typeErrors(file)).toEqual([]);
  });

  it('runs: searches, saves, enriches after the confirm, and prints every lead of the list', async () => {
    const file = path.join(dir, 'run.mts');
    const source = body
      .join('\n')
      .replace(/from '(prospect-cli(?:\/sandbox)?)'/g, (_, name: keyof typeof ENTRIES) => `from '${pathToFileURL(ENTRIES[name]).href}'`);
    writeFileSync(file, source);
    const printed: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => void printed.push(args.join(' ')));
    await import(pathToFileURL(file).href);
    expect(printed[0]).toMatch(/^\d+ directors of engineering; saving 25$/);
    expect(printed[1]).toMatch(/^completed(_with_errors)?: charged \d+, refunded \d+$/);
    const [, charged, refunded] = /charged (\d+), refunded (\d+)/.exec(printed[1]!)!.map(Number);
    expect(charged! + refunded!).toBe(25);
    expect(printed.slice(2)).toHaveLength(25);
  }, 60_000);
});
