import { defineCommand } from '../../cli/command.js';
import { getList } from '../../api/resources/lists.js';
import { resolveList } from './resolve-list.js';
import { printListDetail } from './list-views.js';

export const command = defineCommand({
  description: 'Shows one list: name, description, lead and enriched counts, folder.',
  args: [{ name: 'list', description: 'a list id or the exact name of a list', required: true }],
  examples: ['prospect lists get "Q3 CTOs"', 'prospect lists get lst_... --json'],
  related: ['prospect lists leads', 'prospect lists update'],
  async run(opts, ctx) {
    const client = await ctx.client();
    const { list_id } = await resolveList(client, opts.args[0] ?? '', { signal: ctx.signal });
    await printListDetail(ctx, await getList(client, list_id, { signal: ctx.signal }));
  },
});
