import { defineCommand } from '../../cli/command.js';
import { usageError } from '../../cli/errors.js';
import { gather } from '../../cli/cmdutil/split-values.js';
import { LIST_LIMITS } from '../../api/schemas/values/lists.js';
import { resolveList } from '../../cli/cmdutil/resolve-list.js';
import { batches, readLeadIds } from '../../cli/cmdutil/lead-ids.js';
import { confirmDestructive } from '../../cli/cmdutil/confirm.js';
import { counted } from '../../cli/output/numbers.js';

export const command = defineCommand({
  description:
    'Removes leads from a list (memberships only; the lead records stay). Ids not in the list are ignored. ' +
    'Asks first on a terminal; scripts pass --yes.',
  args: [{ name: 'list', description: 'a list id or the exact name of a list', required: true }],
  flags: [
    {
      flags: '--lead-ids <ids>',
      description: `lead ids; repeatable or comma-separated (sent ${LIST_LIMITS.removeLeadIds.max} at a time)`,
      parse: gather('comma'),
    },
    { flags: '--lead-ids-file <file>', description: 'lead ids, one per line (- for stdin)' },
  ],
  examples: ['prospect lists remove "Q3 CTOs" --lead-ids ld_1,ld_2', 'prospect lists remove lst_... --lead-ids-file stale.txt --yes'],
  related: ['prospect lists leads', 'prospect lists add'],
  async run(opts, ctx) {
    const ids = await readLeadIds(opts.leadIds, opts.leadIdsFile, ctx.io.stdin);
    if (!ids) throw usageError('give the leads to remove: --lead-ids or --lead-ids-file', 'Lead ids come from `prospect lists leads`.');
    const { list_id } = await resolveList(ctx.api, opts.args[0] ?? '');
    await confirmDestructive(
      ctx,
      `Remove ${counted(ids.length, 'lead')} from list ${opts.args[0]}?`,
      `removing ${counted(ids.length, 'lead')}`,
    );
    let removed = 0;
    for (const batch of batches(ids, LIST_LIMITS.removeLeadIds.max)) removed += (await ctx.api.lists.removeLeads(list_id, batch)).removed;
    await ctx.out.print({ kind: 'object', payload: { list_id, removed }, fields: ['list_id', 'removed'] });
    ctx.out.success(`Removed ${removed} of ${counted(ids.length, 'lead')} from the list (the rest were not in it).`);
  },
});
