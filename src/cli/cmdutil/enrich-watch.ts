import type { FlagSpec } from '../command.js';
import type { EnrichmentStatusResponse } from '../../api/schemas/enrichment.js';
import { isFailedStatus } from '../../api/poll.js';
import type { Context } from '../context.js';
import { jobFailedError } from '../errors.js';
import { ExitCode } from '../exit-codes.js';
import { watchWithProgress } from '../wait.js';
import { counted, formatCount as n } from '../output/numbers.js';
import { nextCommand } from '../command-line.js';

/** Waiting for enrichment runs and reporting how they settled: the enrich commands, and import --enrich, agents run and demo, which report alike. */

export const STATUS_FIELDS = [
  'workflow_id',
  'status',
  'total',
  'processed',
  'completed',
  'failed',
  'enrichment_type',
  'lead_list_id',
  'credits_charged',
  'credits_refunded',
  'refund_status',
];

export const STRICT_FLAG = {
  flags: '--strict',
  description: 'exit 8 when the run ends completed_with_errors (some rows found nothing)',
} as const satisfies FlagSpec;

export function progressText(id: string, s?: EnrichmentStatusResponse): string {
  if (!s) return `Enriching (${id})`;
  return `Enriching (${id}): ${s.status}, ${n(s.processed)}/${counted(s.total, 'row')}, ${counted(s.credits_charged, 'credit')} so far`;
}

/**
 * Waits with a progress line; Ctrl-C leaves the run going and says how to watch it again.
 * `several`: this run is one of several watched together (`enrich status ID ID...`): the
 * progress line says which, and the resume command names them all.
 */
export function watchRun(ctx: Context, id: string, several?: { ids: readonly string[]; index: number }): Promise<EnrichmentStatusResponse> {
  const label = several ? `${id}, run ${several.index + 1} of ${several.ids.length}` : id;
  const resume = nextCommand(ctx, ['enrich', 'status', ...(several?.ids ?? [id]), '--wait']);
  return watchWithProgress(
    ctx,
    (s?: EnrichmentStatusResponse) => progressText(label, s),
    `The run${several ? 's keep' : ' keeps'} going. Watch ${several ? 'them' : 'it'} with: ${resume}`,
    (o) => ctx.api.enrichment.waitFor(id, o),
  );
}

/** One line of what a settled run cost. */
export function settlementLine(
  s: Pick<EnrichmentStatusResponse, 'credits_charged' | 'credits_refunded' | 'credits_reserved'> & { refund_status?: string },
): string {
  const reserved = s.credits_reserved !== undefined ? ` of ${n(s.credits_reserved)} reserved` : '';
  const review = s.refund_status === 'pending_review' ? '; the reservation awaits a manual refund review' : '';
  return `Charged ${counted(s.credits_charged, 'credit')}${reserved}, refunded ${n(s.credits_refunded)}${review}.`;
}

/**
 * Prints the final status (the whole object with --json) and the settlement, and decides the
 * exit: failed, canceled or terminated is 8; completed_with_errors is 0 with a warning, 8 with --strict.
 */
/** `outcome` replaces the success line when the rows' count says less than what happened (one person, nothing found). */
export async function reportRun(
  ctx: Context,
  s: EnrichmentStatusResponse,
  opts: { strict?: boolean; fields?: readonly string[]; outcome?: string } = {},
): Promise<number> {
  await ctx.out.print({ kind: 'object', payload: s, fields: opts.fields ?? STATUS_FIELDS });
  if (isFailedStatus(s.status))
    throw jobFailedError(
      `enrichment ${s.workflow_id} ended ${s.status}. ${settlementLine(s)}`,
      'Check the list and the balance, then run it again with a new estimate.',
    );
  if (s.status === 'completed_with_errors') {
    ctx.out.warn(`${n(s.failed)} of ${counted(s.total, 'row')} found nothing (not charged). ${settlementLine(s)}`);
    return opts.strict ? ExitCode.JOB_FAILED : ExitCode.OK;
  }
  if (opts.outcome) ctx.out.info(opts.outcome);
  else
    ctx.out.success(
      `${s.status === 'completed' ? 'Completed' : s.status}: ${n(s.completed)} of ${counted(s.total, 'row')} enriched. ${settlementLine(s)}`,
    );
  return ExitCode.OK;
}
