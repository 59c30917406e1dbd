import { defineCommand } from '../../cli/command.js';
import type { CommandSet } from '../../cli/command-set.js';
import { SHELLS, type Shell } from '../../cli/completion/scripts.js';

/** The completion command of a command set: its script completes the commands of that set. */
export const completionCommand = (commands: CommandSet) =>
  defineCommand({
    description:
      'Completes commands, flags, fixed values (seniority, formats, providers, agent types, ...) and, when a profile or PROSPECT_API_KEY is configured, list names, from a cache refreshed at most once a minute.',
    args: [{ name: 'shell', description: 'the shell the script is for', choices: SHELLS }],
    examples: [
      'prospect completion bash > ~/.local/share/bash-completion/completions/prospect',
      'prospect completion zsh > "${fpath[1]}/_prospect"',
      'prospect completion fish > ~/.config/fish/completions/prospect.fish',
    ],
    related: ['prospect auth login', 'prospect lists ls'],
    async run(opts, ctx) {
      const [{ commandTree }, { completionScript }] = await Promise.all([
        import('../../cli/tree/tree.js'),
        import('../../cli/completion/scripts.js'),
      ]);
      ctx.io.stdout.write(completionScript(opts.args[0] as Shell, await commandTree(commands)));
    },
  });
