import type { PaidCallJournal } from '../../../api/paid-call.js';
import type { FlagSpec } from '../../../cli/command.js';
import type { Context } from '../../../cli/context.js';
import { jobFailedError, usageError } from '../../../cli/errors.js';
import { readJsonObject } from '../../../cli/json-input.js';
import { runPaid } from '../../../cli/paid.js';
import { isApiError } from '../../../api/errors.js';
import { estimateBodyFor } from '../../../api/quote-shape.js';
import type { CrmSyncBody, FieldMapping, SequencerSyncBody, SyncPreview } from '../../../api/schemas/sync.js';
import { resolveList } from '../../../cli/cmdutil/resolve-list.js';
import { nextCommand } from '../../../cli/command-line.js';
import { counted, formatCount as n } from '../../../cli/output/numbers.js';

/**
 * The path both sync commands share: preview (the mapping, what would be pushed, skipped and
 * refused, on stderr), then the paid flow (estimate, the person's or --yes/--max-cost's
 * agreement), and only then the sync, sent with approved: true. The push runs inside the call.
 */

export const SYNC_DRY_RUN_FLAG = {
  flags: '--dry-run',
  description: 'preview and estimate only: print the quote, push and spend nothing',
} as const satisfies FlagSpec;

/** The --mapping object, checked before anything is sent: every column maps to a property name. */
async function readMapping(value: string | undefined, ctx: Context): Promise<FieldMapping | undefined> {
  if (value === undefined) return undefined;
  const raw = await readJsonObject('--mapping', value, ctx.io.stdin);
  const columns = Object.keys(raw);
  if (columns.length === 0)
    throw usageError(
      '--mapping is empty',
      'Map at least the column the destination needs, e.g. {"email": "email"}, or leave --mapping out for the default.',
    );
  const bad = columns.filter((c) => c.trim() === '' || typeof raw[c] !== 'string' || raw[c].trim() === '');
  if (bad.length)
    throw usageError(
      `--mapping must map each list column to a destination property name (a non-empty string); not so for ${bad.map((c) => JSON.stringify(c)).join(', ')}`,
      'For example {"email": "email", "title": "jobtitle"}.',
    );
  return raw as FieldMapping;
}

export type SyncRun = { tool: 'sync_to_crm'; body: CrmSyncBody } | { tool: 'sync_to_sequencer'; body: SequencerSyncBody };

export const RESULT_FIELDS = ['workflow_id', 'status', 'provider', 'total_leads', 'successful', 'skipped', 'failed', 'credits_charged'];
/** Skipped leads printed by the preview; the rest are counted. */
const SKIPPED_SHOWN = 10;

function describeDestination(run: SyncRun): string {
  return run.tool === 'sync_to_crm'
    ? `${run.body.provider}${run.body.sub_action ? ` ${run.body.sub_action}` : ''}`
    : `campaign ${run.body.campaign_id} of ${run.body.provider}`;
}

function printPreview(ctx: Context, p: SyncPreview, listName: string): void {
  const to = p.campaign_id ? `campaign ${p.campaign_id} of ${p.provider}` : `${p.provider} ${p.sub_action}`;
  const lines = [`Preview: list "${listName}" to ${to}, ${p.mapping_source} field mapping (list column -> ${p.provider} property):`];
  for (const [column, property] of Object.entries(p.field_mapping)) lines.push(`  ${column} -> ${property}`);
  lines.push(
    `${counted(p.total_leads, 'lead')}: ${n(p.would_sync)} to push, ${n(p.would_skip)} to skip, ${n(p.would_fail)} the destination would refuse.`,
  );
  if (p.would_skip) {
    lines.push(`Skipped (${p.would_skip}):`);
    for (const l of p.skipped_leads.slice(0, SKIPPED_SHOWN)) lines.push(`  ${l.lead_id}  ${l.full_name ?? '(no name)'}  ${l.reason}`);
    if (p.would_skip > SKIPPED_SHOWN) lines.push(`  ... and ${p.would_skip - SKIPPED_SHOWN} more`);
  }
  ctx.out.info(lines.join('\n'));
  if (p.would_sync > 0) return;
  const noEmail = p.skipped_leads.some((l) => l.reason === 'missing_email');
  ctx.out.warn(
    `none of the ${counted(p.total_leads, 'lead')} would be pushed, yet the sync costs ${counted(p.estimated_cost, 'credit')} (skipped leads are charged).` +
      (noEmail ? ` Find their emails first: ${nextCommand(ctx, ['enrich', 'list', listName])}` : ''),
  );
}

/** The preview, shown on stderr; a workspace that may not preview (partner-license-only) goes on without one. */
async function preview(ctx: Context, run: SyncRun, listName: string): Promise<void> {
  const { quote_id: _q, approved: _a, ...body } = run.body;
  try {
    printPreview(ctx, await ctx.api.sync.preview(body), listName);
  } catch (e) {
    if (!isApiError(e) || !e.is('feature_gated')) throw e;
    ctx.out.warn('this workspace cannot preview syncs (partner-license-only); going on without a preview.');
  }
}

function send(ctx: Context, run: SyncRun, quote_id: string, journal: PaidCallJournal | null) {
  const opts = { sleep: ctx.clock.sleep, journal };
  // approved: true only here, after the person (or --yes / --max-cost) agreed to the spend.
  return run.tool === 'sync_to_crm'
    ? ctx.api.sync.sendCrm({ ...run.body, quote_id, approved: true }, opts)
    : ctx.api.sync.sendSequencer({ ...run.body, quote_id, approved: true }, opts);
}

/**
 * A sync command: the mapping checked first, the list resolved by id or name, the run built
 * by the command (`build`), then preview, the paid flow and the result.
 */
export async function runSync(
  ctx: Context,
  o: { listArg: string; mapping: string | undefined; dryRun: boolean | undefined },
  build: (list_id: string, field_mapping: FieldMapping | undefined) => Promise<SyncRun>,
): Promise<void> {
  const field_mapping = await readMapping(o.mapping, ctx);
  const { list_id } = await resolveList(ctx.api, o.listArg);
  const run = await build(list_id, field_mapping);
  const listName = o.listArg;
  await preview(ctx, run, listName);
  const paid = await runPaid(
    ctx,
    {
      estimate: estimateBodyFor(run),
      what: `Syncing list "${listName}" to ${describeDestination(run)}`,
      run: (quote_id, journal) => send(ctx, run, quote_id, journal),
    },
    { dryRun: o.dryRun },
  );
  if (!paid) return;
  const r = paid.result;
  // The service's agent_instructions (printed on stderr) break the counts down by reason.
  await ctx.out.print({ kind: 'object', payload: r, fields: RESULT_FIELDS });
  if (r.status === 'failed')
    throw jobFailedError(
      `sync ${r.workflow_id} to ${describeDestination(run)} ended failed: ${r.successful} of ${counted(r.total_leads, 'lead')} pushed, ${r.failed} refused, ${r.skipped} skipped; ${counted(r.credits_charged, 'credit')} charged`,
      `Look in ${run.body.provider} for what it holds and check its connection before syncing again with a new quote.`,
    );
}
