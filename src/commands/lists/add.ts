import { defineCommand } from '../../cli/command.js';
import { usageError } from '../../cli/errors.js';
import { gather } from '../../cli/cmdutil/split-values.js';
import type { AddLeadsResponse } from '../../api/schemas/lists.js';
import { LIST_LIMITS } from '../../api/schemas/values/lists.js';
import { resolveList } from '../../cli/cmdutil/resolve-list.js';
import { batches, readLeadIds } from '../../cli/cmdutil/lead-ids.js';
import { sumAdded } from '../../cli/cmdutil/save-to.js';
import { counted, formatCount as n } from '../../cli/output/numbers.js';

export const command = defineCommand({
  description:
    'Adds leads to a list (free): a cohort by its task_id (a search or a list page), optionally only some of its --ids, ' +
    'or lead ids already in your workspace. Leads already in the list are skipped.',
  args: [{ name: 'list', description: 'a list id or the exact name of a list', required: true }],
  flags: [
    { flags: '--task <task_id>', description: 'the task_id of a search or of a list page' },
    {
      flags: '--ids <ids>',
      description: `with --task: only these entity ids (up to ${LIST_LIMITS.addEntityIds.max}); repeatable or comma-separated`,
      parse: gather('comma'),
    },
    {
      flags: '--lead-ids <ids>',
      description: 'workspace lead ids; repeatable or comma-separated (sent 1000 at a time)',
      parse: gather('comma'),
    },
    { flags: '--lead-ids-file <file>', description: 'workspace lead ids, one per line (- for stdin)' },
  ],
  examples: [
    'prospect lists add "Q3 CTOs" --task svc-task_...',
    'prospect lists add lst_... --task svc-task_... --ids sp_1,sp_2',
    'prospect lists leads "Old list" --all --fields lead_id --format tsv | tail -n +2 | prospect lists add "New list" --lead-ids-file -',
  ],
  related: ['prospect search people --save-to', 'prospect lists remove'],
  async run(opts, ctx) {
    const leadIds = await readLeadIds(opts.leadIds, opts.leadIdsFile, ctx.io.stdin);
    if ((opts.task === undefined) === (leadIds === undefined))
      throw usageError(
        'give exactly one of --task or --lead-ids/--lead-ids-file',
        'A search or list page gives a task_id; lead ids come from `prospect lists leads`.',
      );
    if (opts.ids && opts.task === undefined) throw usageError('--ids goes with --task', 'Give the task_id the ids come from.');
    const entityIds = opts.ids ? [...new Set(opts.ids)] : undefined;
    if (entityIds && entityIds.length > LIST_LIMITS.addEntityIds.max)
      throw usageError(
        `--ids takes at most ${LIST_LIMITS.addEntityIds.max} ids, got ${entityIds.length}`,
        'Leave --ids out to save the whole cohort.',
      );
    const { list_id } = await resolveList(ctx.api, opts.args[0] ?? '');
    const results: AddLeadsResponse[] = [];
    if (opts.task !== undefined) {
      results.push(await ctx.api.lists.addLeads(list_id, { task_id: opts.task, ...(entityIds ? { entity_ids: entityIds } : {}) }));
    } else {
      for (const batch of batches(leadIds!, LIST_LIMITS.addLeadIds.max))
        results.push(await ctx.api.lists.addLeads(list_id, { lead_ids: batch }));
    }
    const total = sumAdded(list_id, results);
    await ctx.out.print({
      kind: 'object',
      payload: results.length === 1 ? results[0]! : total,
      fields: ['list_id', 'added', 'skipped_duplicates', 'created'],
    });
    ctx.out.success(
      `Added ${counted(total.added, 'lead')} (${n(total.skipped_duplicates)} already there${total.created !== undefined ? `, ${n(total.created)} new lead records` : ''}); free.`,
    );
  },
});
