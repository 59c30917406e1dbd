import { defineCommand } from '../../cli/command.js';
import { intInRange } from '../../cli/parse.js';
import { WEBHOOK_DELIVERIES_LIMITS } from '../../api/schemas/values/legacy.js';

const L = WEBHOOK_DELIVERIES_LIMITS.limit;

export const command = defineCommand({
  description:
    "Lists the delivery attempts of a v1 run's enrichment.completed webhook, newest first: one row per attempt " +
    '(up to 5, 1-2-4-8 s apart), with the response code, duration and error. Free.',
  args: [{ name: 'workflow_id', description: 'the v1 run (public_bulk_...)', required: true }],
  flags: [
    {
      flags: '--limit <n>',
      description: `attempts to show (${L.min}-${L.max})`,
      parse: intInRange('--limit', L.min, L.max),
      defaultDescription: String(L.default),
    },
  ],
  examples: ['prospect webhooks deliveries public_bulk_...', 'prospect webhooks deliveries public_bulk_... --json | jq ".[0].status"'],
  related: ['prospect enrich legacy-bulk', 'prospect enrich legacy-status'],
  async run(opts, ctx) {
    const rows = await ctx.api.legacy.webhookDeliveries(opts.args[0] ?? '', opts.limit !== undefined ? { limit: opts.limit } : {});
    await ctx.out.print({
      kind: 'rows',
      payload: rows,
      rows,
      columns: [
        'attempt_number',
        'status',
        'response_status_code',
        'duration_ms',
        'error_message',
        'created_at',
        'webhook_id',
        'workflow_id',
        'event_type',
        'id',
      ],
      tableColumns: ['attempt_number', 'status', 'response_status_code', 'duration_ms', 'error_message', 'created_at'],
      emptyMessage: 'No webhook was sent for this run.',
    });
  },
});
