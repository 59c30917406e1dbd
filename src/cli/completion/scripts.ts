import type { CommandTree } from '../tree/tree.js';
import { bashCompletion } from './bash.js';
import { fishCompletion } from './fish.js';
import { completionSpec } from './spec.js';
import { zshCompletion } from './zsh.js';

export const SHELLS = ['bash', 'zsh', 'fish'] as const;
export type Shell = (typeof SHELLS)[number];

const GENERATORS = { bash: bashCompletion, zsh: zshCompletion, fish: fishCompletion };

/** Where each script is installed from the package: completions/<file>. */
export const COMPLETION_FILES: Record<Shell, string> = { bash: 'prospect.bash', zsh: '_prospect', fish: 'prospect.fish' };

export function completionScript(shell: Shell, tree: CommandTree): string {
  return GENERATORS[shell](completionSpec(tree));
}
