import { defineCommand } from '../../cli/command.js';
import { jobFailedError, usageError } from '../../cli/errors.js';
import { isLoopbackHost } from '../../api/redact.js';
import { estimateBodyFor } from '../../api/quote-shape.js';
import { ENRICHMENT_TYPE_PRICES, ENRICHMENT_TYPE_WANTS, PERSON_DATA_POINT_PRICES } from '../../api/schemas/values/credits.js';
import type { LegacyBulkStarted, LegacyWorkflowStatus } from '../../api/schemas/legacy.js';
import type { Context } from '../../cli/context.js';
import { runPaid } from '../../cli/paid.js';
import { watchWithProgress } from '../../cli/wait.js';
import { DRY_RUN_FLAG, TYPE_FLAG } from '../../cli/cmdutil/enrich-flags.js';
import { readContacts } from './shared/legacy-contacts.js';
import { printHandle } from '../../cli/wait.js';
import { nextCommand } from '../../cli/command-line.js';
import { counted, formatCount as n } from '../../cli/output/numbers.js';

const STATUS_FIELDS = [
  'workflow_id',
  'status',
  'total_prospects',
  'completed_prospects',
  'failed_prospects',
  'emails_found',
  'phones_found',
  'modified_at',
];

/** The webhook gets the results unsigned: https, or plain http only to this machine. */
function checkWebhookUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw usageError(`--webhook-url "${raw}" is not a URL`, 'Give a full https:// URL the service can POST to.');
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopbackHost(url.hostname)))
    throw usageError(
      `--webhook-url must be https (got ${url.protocol}//${url.host})`,
      'The results are posted unsigned: use a public https:// URL (plain http only for a loopback host).',
    );
  return url.href;
}

function wait(ctx: Context, started: LegacyBulkStarted): Promise<LegacyWorkflowStatus> {
  const id = started.workflow_id;
  const text = (s?: LegacyWorkflowStatus) =>
    `Enriching (${id})${s ? `: ${s.workflow.status}, ${(s.workflow.completed_prospects ?? 0) + (s.workflow.failed_prospects ?? 0)}/${counted(s.workflow.total_prospects ?? started.total_contacts, 'contact')}` : ''}`;
  return watchWithProgress(
    ctx,
    text,
    `The run keeps going. See it with: ${nextCommand(ctx, ['enrich', 'legacy-status', '--workflow', id])}`,
    (o) => ctx.api.legacy.waitForWorkflow(id, o),
  );
}

export const command = defineCommand({
  description:
    'Enriches up to 250 contacts through the legacy v1 bulk endpoint, optionally posting an enrichment.completed webhook. ' +
    'The service checks the balance covers every contact at full price (contacts already in your Extension Leads list are ' +
    'skipped) and charges only what is found. Estimates first and asks before spending. ' +
    'Waits for the run; --no-wait prints the workflow id alone on stdout (the whole answer with --json), for WF=$(prospect ... --no-wait).',
  args: [{ name: 'file', description: 'contacts as CSV (LinkedIn URL, or first/last name with company) or JSON', required: true }],
  flags: [
    TYPE_FLAG,
    { flags: '--webhook-url <url>', description: 'an https URL to POST the results to when the run ends (5 attempts)' },
    DRY_RUN_FLAG,
  ],
  examples: [
    'prospect enrich legacy-bulk contacts.csv',
    'prospect enrich legacy-bulk contacts.json --type full --webhook-url https://hooks.example.com/enriched --yes',
  ],
  related: ['prospect enrich legacy-status', 'prospect webhooks deliveries', 'prospect import'],
  async run(opts, ctx) {
    const webhook = opts.webhookUrl === undefined ? undefined : checkWebhookUrl(opts.webhookUrl);
    const contacts = await readContacts(opts.args[0] ?? '', ctx.signal);
    // v1 takes no quote; the same price list (contacts x the type's price) is estimated for the decision.
    const paid = await runPaid(
      ctx,
      {
        estimate: estimateBodyFor({ tool: 'bulk_import_csv', body: { enrichment_type: opts.type }, rows: contacts.length }),
        what: `Enriching ${counted(contacts.length, 'contact')} (v1, ${opts.type})`,
        run: () => ctx.api.legacy.sendBulkEnrich({ enrichment_type: opts.type, contacts, ...(webhook ? { webhook_url: webhook } : {}) }),
      },
      { dryRun: opts.dryRun },
    );
    if (!paid) return;
    const started = paid.result;
    // The service's message names the HTTP route to poll: the command to watch it is ours (hints.ts says the rest).
    ctx.out.info(`Started ${started.workflow_id}: ${counted(started.total_contacts, 'contact')}.`);
    ctx.out.hints(started);
    if (!ctx.globals.wait) {
      return printHandle(ctx, started.workflow_id, started, ['enrich', 'legacy-status', '--workflow', started.workflow_id]);
    }
    const done = await wait(ctx, started);
    // --json prints the status as the service answers it, as legacy-status does ({"workflow": {...}}).
    await ctx.out.print(
      ctx.out.format === 'json' ? { kind: 'object', payload: done } : { kind: 'object', payload: done.workflow, fields: STATUS_FIELDS },
    );
    const wants = ENRICHMENT_TYPE_WANTS[opts.type];
    const price = PERSON_DATA_POINT_PRICES;
    const charged =
      (wants.email ? price.Email * (done.workflow.emails_found ?? 0) : 0) +
      (wants.phone ? price.Phone * (done.workflow.phones_found ?? 0) : 0);
    const reserved = started.total_contacts * ENRICHMENT_TYPE_PRICES[opts.type];
    const settled = `Charged ${counted(charged, 'credit')} of ${n(reserved)} reserved, refunded ${n(reserved - charged)} (by the price list: 1 per email, 10 per phone found).`;
    if (done.workflow.status === 'failed')
      throw jobFailedError(
        `v1 run ${started.workflow_id} ended failed: no contact was found. ${settled}`,
        'Check the contacts and try again.',
      );
    const missed = done.workflow.failed_prospects ?? 0;
    if (done.workflow.status === 'completed_with_errors')
      ctx.out.warn(`${n(missed)} contact${missed === 1 ? '' : 's'} found nothing (not charged). ${settled}`);
    else ctx.out.success(settled);
    if (webhook) ctx.out.info(`Webhook deliveries: ${nextCommand(ctx, ['webhooks', 'deliveries', started.workflow_id])}`);
  },
});
