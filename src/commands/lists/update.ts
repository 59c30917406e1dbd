import { defineCommand } from '../../cli/command.js';
import { usageError } from '../../cli/errors.js';
import type { UpdateListBody } from '../../api/schemas/lists.js';
import { resolveList } from '../../cli/cmdutil/resolve-list.js';
import { checkName } from '../../cli/cmdutil/list-name.js';
import { printListDetail } from './shared/list-views.js';

export const command = defineCommand({
  description: 'Changes a list you own: only the fields given change.',
  args: [{ name: 'list', description: 'a list id or the exact name of a list', required: true }],
  flags: [
    { flags: '--name <name>', description: 'a new name (1-200 characters)' },
    { flags: '--description <text>', description: 'a new description' },
    { flags: '--clear-description', description: 'remove the description' },
    { flags: '--folder <folder_id>', description: 'move the list into a folder of yours' },
    { flags: '--no-folder', description: 'take the list out of its folder' },
  ],
  examples: ['prospect lists update "Q3 CTOs" --name "Q3 CTOs (EMEA)"', 'prospect lists update lst_... --clear-description --no-folder'],
  related: ['prospect lists get', 'prospect folders create'],
  async run(opts, ctx) {
    const body: UpdateListBody = {};
    if (opts.name !== undefined) body.name = checkName(opts.name, '--name');
    if (opts.description !== undefined && opts.clearDescription)
      throw usageError('--description and --clear-description contradict each other', 'Give one of them.');
    if (opts.description !== undefined) body.description = opts.description;
    if (opts.clearDescription) body.description = null;
    if (opts.folder === false) body.folder_id = null;
    else if (opts.folder !== undefined) body.folder_id = opts.folder;
    if (Object.keys(body).length === 0)
      throw usageError('nothing to change', 'Give --name, --description, --clear-description, --folder or --no-folder.');
    const { list_id } = await resolveList(ctx.api, opts.args[0] ?? '');
    await printListDetail(ctx, await ctx.api.lists.update(list_id, body));
  },
});
