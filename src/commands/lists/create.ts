import { defineCommand } from '../../cli/command.js';
import type { CreateListBody } from '../../api/schemas/lists.js';
import { checkName } from '../../cli/cmdutil/list-name.js';
import { printListDetail } from './shared/list-views.js';
import { isApiError } from '../../api/errors.js';
import { notFoundError } from '../../cli/errors.js';
import { nextCommand } from '../../cli/command-line.js';
import type { Context } from '../../cli/context.js';
import { quoted } from '../../cli/output/printable.js';

export const command = defineCommand({
  description: 'Creates a private list. A list of yours with the same name (in any case) is returned instead of a second one.',
  args: [{ name: 'name', description: 'the list name (1-200 characters)', required: true }],
  flags: [
    { flags: '--description <text>', description: 'what the list is for' },
    { flags: '--folder <folder_id>', description: 'a folder of yours to put it in' },
  ],
  examples: ['prospect lists create "Q3 CTOs"', 'prospect lists create "Q3 CTOs" --description "From the CTO search" --folder 2f1c...'],
  related: ['prospect lists ls', 'prospect folders create', 'prospect search people --save-to'],
  async run(opts, ctx) {
    const name = checkName(opts.args[0] ?? '');
    const body: CreateListBody = { name };
    if (opts.description !== undefined) body.description = opts.description;
    if (opts.folder !== undefined) body.folder_id = opts.folder;
    const list = await ctx.api.lists.create(body).catch((e: unknown) => {
      if (opts.folder !== undefined && isApiError(e) && e.is('folder_not_found')) throw folderNotFound(ctx, opts.folder);
      throw e;
    });
    await printListDetail(ctx, list);
    if (list.reused) ctx.out.info(`You already had a list named ${quoted(list.name)}; it was reused (nothing else changed).`);
    else ctx.out.success(`Created list ${quoted(list.name)} (${list.list_id})`);
  },
});

/** The service's fix names its folders route; ours names the command that makes a folder. */
function folderNotFound(ctx: Context, folder: string) {
  return notFoundError(
    `--folder ${folder}: no folder of yours has this id`,
    `Give the id of one of your folders, or leave out --folder. To make one (it prints its id), see: ${nextCommand(ctx, ['folders', 'create', '--help'])}`,
  );
}
