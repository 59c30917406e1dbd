import { defineCommand } from '../../cli/command.js';
import { resolveList } from '../../cli/cmdutil/resolve-list.js';
import { printListDetail } from './shared/list-views.js';

export const command = defineCommand({
  description: 'Shows one list: name, description, lead and enriched counts, folder.',
  args: [{ name: 'list', description: 'a list id or the exact name of a list', required: true }],
  examples: ['prospect lists get "Q3 CTOs"', 'prospect lists get lst_... --json'],
  related: ['prospect lists leads', 'prospect lists update'],
  async run(opts, ctx) {
    const { list_id } = await resolveList(ctx.api, opts.args[0] ?? '');
    await printListDetail(ctx, await ctx.api.lists.get(list_id));
  },
});
