import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';

/**
 * A user's TypeScript project in a folder of its own, for checking that what we document or
 * ship compiles as a user's code does: strict, Node's module rules, @types/node.
 */
const ROOT = path.resolve(import.meta.dirname, '..', '..');

/** Links packages of this checkout's node_modules into the project's (vitest, zod, ...). */
export function linkPackages(dir: string, names: readonly string[]): void {
  mkdirSync(path.join(dir, 'node_modules'), { recursive: true });
  for (const name of names) symlinkSync(path.join(ROOT, 'node_modules', name), path.join(dir, 'node_modules', name), 'dir');
}

/** Runs tsc over `files` of the project; `paths` maps package names to files (our sources). Resolves to tsc's output, '' when clean. */
export async function typeCheck(
  dir: string,
  files: readonly string[],
  o: { paths?: Record<string, string>; skipLibCheck?: boolean } = {},
): Promise<string> {
  const compilerOptions = {
    strict: true,
    noEmit: true,
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    target: 'ES2022',
    lib: ['ES2023'],
    skipLibCheck: o.skipLibCheck ?? false,
    typeRoots: [path.join(ROOT, 'node_modules', '@types')],
    types: ['node'],
    ...(o.paths ? { paths: Object.fromEntries(Object.entries(o.paths).map(([name, to]) => [name, [to]])) } : {}),
  };
  writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions, files }));
  const r = await execa(process.execPath, [path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.json'], {
    cwd: dir,
    reject: false,
  });
  return r.exitCode === 0 ? '' : `${r.stdout}${r.stderr}` || `tsc exited ${r.exitCode}`;
}
