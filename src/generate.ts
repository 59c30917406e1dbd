import { readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { writeExclusiveSync } from './local/exclusive-file.js';
import path from 'node:path';
import { COMPLETION_FILES, SHELLS, completionScript } from './cli/completion/scripts.js';
import { writeManPages } from './cli/man/write-man.js';
import { commandTree } from './cli/tree/tree.js';
import { commandSet } from './commands/command-table.js';

/** The file's text, or undefined when there is none. */
const readFileOr = (file: string): string | undefined => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
};

/**
 * The build step that writes what is generated from the command tree: completions/ (one
 * script per shell) and man/ (prospect.1 and a page per command group). scripts/build.mjs
 * bundles and runs this with the package root as its argument.
 */
export async function writeGenerated(root: string): Promise<string[]> {
  const tree = await commandTree(commandSet);
  const dir = path.join(root, 'completions');
  await mkdir(dir, { recursive: true });
  const written: string[] = [];
  for (const shell of SHELLS) {
    const file = path.join(dir, COMPLETION_FILES[shell]);
    const script = completionScript(shell, tree);
    // Committed to the repository: rewritten only when the script changed.
    if (readFileOr(file) !== script) writeExclusiveSync(file, script, 0o644);
    written.push(path.join('completions', COMPLETION_FILES[shell]));
  }
  for (const page of await writeManPages(path.join(root, 'man'), { tree })) written.push(path.join('man', page));
  return written;
}

if (require.main === module) {
  writeGenerated(process.argv[2] ?? process.cwd()).catch((e: unknown) => {
    console.error(e);
    process.exit(1);
  });
}
