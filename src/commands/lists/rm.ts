import { defineCommand } from '../../cli/command.js';
import { resolveList } from '../../cli/cmdutil/resolve-list.js';
import { confirmDestructive } from '../../cli/cmdutil/confirm.js';
import { counted } from '../../cli/output/numbers.js';
import { quoted } from '../../cli/output/printable.js';

export const command = defineCommand({
  description:
    'Deletes a list you own and its memberships. The lead records stay in your workspace. ' +
    'Asks first on a terminal; scripts pass --yes.',
  args: [{ name: 'list', description: 'a list id or the exact name of a list', required: true }],
  examples: ['prospect lists rm "Q3 CTOs"', 'prospect lists rm lst_... --yes'],
  related: ['prospect lists ls', 'prospect lists remove'],
  async run(opts, ctx) {
    const { list_id } = await resolveList(ctx.api, opts.args[0] ?? '');
    if (!ctx.globals.yes) {
      const list = await ctx.api.lists.get(list_id);
      await confirmDestructive(
        ctx,
        `Delete list ${quoted(list.name)} (${counted(list.lead_count, 'lead')}; the lead records stay)?`,
        `deleting list ${quoted(list.name)}`,
      );
    }
    const done = await ctx.api.lists.delete(list_id);
    await ctx.out.print({ kind: 'object', payload: done, fields: ['list_id', 'deleted'] });
    ctx.out.success(`Deleted list ${list_id}; its leads remain in the workspace.`);
  },
});
