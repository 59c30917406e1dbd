import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { commandTree } from '../../src/cli/tree/tree.js';
import { COMPLETION_FILES, SHELLS, completionScript } from '../../src/cli/completion/scripts.js';
import { manPages } from '../../src/cli/man/pages.js';
import { undated } from '../../src/cli/man/write-man.js';
import { commandSet } from '../../src/commands/command-table.js';

/**
 * completions/ and man/ are committed (the layout the product was designed with, and what the
 * package ships): each must be what `npm run generate` writes from the command tree now. A
 * command changed without regenerating them fails here, naming the file.
 */
const ROOT = path.resolve(import.meta.dirname, '..', '..');
const version = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
const FIX = 'run `npm run generate` and commit what it changes';

describe('the committed generated files', () => {
  it('completions/ holds each shell script as the command tree writes it now', async () => {
    const tree = await commandTree(commandSet);
    expect(readdirSync(path.join(ROOT, 'completions')).sort()).toEqual(SHELLS.map((s) => COMPLETION_FILES[s]).sort());
    for (const shell of SHELLS) {
      const committed = readFileSync(path.join(ROOT, 'completions', COMPLETION_FILES[shell]), 'utf8');
      expect(committed, `completions/${COMPLETION_FILES[shell]} is out of date: ${FIX}`).toBe(completionScript(shell, tree));
    }
  });

  it('man/ holds every page as the command tree writes it now (the date aside), and no other', async () => {
    const pages = manPages(await commandTree(commandSet), version);
    expect(readdirSync(path.join(ROOT, 'man')).sort(), FIX).toEqual(pages.map((p) => p.name).sort());
    for (const page of pages) {
      const committed = readFileSync(path.join(ROOT, 'man', page.name), 'utf8');
      expect(undated(committed), `man/${page.name} is out of date: ${FIX}`).toBe(undated(page.text));
    }
  });
});
