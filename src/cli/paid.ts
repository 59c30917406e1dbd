import { LostResponseError, sendWithRenewedQuote, type PaidCallJournal } from '../api/paid-call.js';
import { sendOnce } from '../workflows/journal/send-once.js';
import type { EstimateBody, Quote } from '../api/schemas/credits.js';
import { checkCharge, checkQuote, spendVerdict, type QuoteTerms } from '../workflows/spend-verdict.js';
import type { Context } from './context.js';
import { creditsError, declinedError } from './errors.js';
import { formatCount } from './output/numbers.js';
import { nextCommand, sameCommand } from './command-line.js';
import { PaidRunJournal, type Recording } from './journal.js';
import { resolveEarlierRun, resolveFailure } from './journal-resolve.js';

export { PAY_AGAIN_FLAG } from './journal-resolve.js';

/**
 * The estimate-confirm-run flow every command that spends credits goes through:
 * 1. the estimate is derived from the exact run request (estimateBodyFor), so the quote
 *    cannot mismatch, and POST /credits/estimate prices it (free);
 * 2. the cost, rows and balance are shown on stderr;
 * 3. the decision: refused when the balance is short or the cost is over --max-cost (exit 5);
 *    --yes or a --max-cost it fits under goes ahead; a terminal is asked; without one nothing
 *    is spent (exit 10); --dry-run stops here and prints the quote;
 * 4. the run is sent with the quote; if the quote expired while the person decided, it is
 *    estimated again and asked again only when the cost went up.
 * Each request is written in the paid-run journal as it goes out (journal.ts); before step 1,
 * the journal's folder must be writable (exit 2 otherwise), and an identical earlier request
 * whose answer was lost is resolved through its quote instead (journal-resolve.ts), so a run
 * killed in flight and run again is paid once.
 * What was charged and refunded is reported by the command when the work settles.
 */

export interface PaidPlan<R> {
  /** The estimate body of the run (estimateBodyFor of the run request). */
  estimate: EstimateBody;
  /** What is being paid for, for the question ("enrich 120 leads of list Q3 (full)"). */
  what: string;
  /** Sends the run with the quote, written down in `journal` as it goes out (pass it to the area's send method). */
  run: (quoteId: string, journal: PaidCallJournal | null) => Promise<R>;
  /** Refuses a quote before anyone is asked (a selection the service would refuse): throw a CliError. */
  check?(quote: Quote): void;
  /** A last check right before the run is sent, after identical requests on their way were looked for (they are joined, not checked). */
  beforeSend?: () => Promise<void>;
  /** What the journal locks that check and the write on, when runs that are not identical must take turns (PaidRunInfo.lockKey). */
  lockKey?: string;
}

export interface PaidOutcome<R> {
  quote: Quote;
  result: R;
}

export const QUOTE_FIELDS = [
  'tool',
  'row_count',
  'estimated_cost',
  'available_credits',
  'sufficient',
  'quote_id',
  'expires_at',
  'filter_hash',
];

const credits = (n: number) => `${formatCount(n)} credit${n === 1 ? '' : 's'}`;

export function describeQuote(q: Quote): string {
  return `Estimate: up to ${credits(q.estimated_cost)} for ${formatCount(q.row_count)} row${q.row_count === 1 ? '' : 's'} (${q.tool}); ${credits(q.available_credits)} available.`;
}

/** Warns (stderr) when the balance does not cover a quote; the quote is still printed. */
export function warnIfShort(ctx: Context, q: Quote): void {
  if (!q.sufficient) ctx.out.warn(`the balance is ${credits(q.estimated_cost - q.available_credits)} short of this estimate.`);
}

/**
 * Whether to spend: throws exit 5 (short, over --max-cost) or exit 10 (declined, no terminal).
 * A job of several paid requests decides once on a quote that sums theirs.
 */
export async function decide(ctx: Context, q: QuoteTerms, what: string, asked: boolean): Promise<void> {
  // --max-cost, else PROSPECT_MAX_COST, else the profile's max_cost (config set max_cost).
  const ceiling = ctx.settings().maxCost;
  // A ceiling given for this run (flag or environment) answers the question; a profile's
  // max_cost is a standing ceiling only, so a person at a terminal is still asked.
  const givenNow = ceiling !== undefined && (ceiling.source === 'flag' || ceiling.source === 'env');
  const allowed = ctx.globals.yes ? Number.POSITIVE_INFINITY : givenNow ? ceiling.value : undefined;
  const v = spendVerdict(q, { ceiling: ceiling?.value, allowed, approved: asked }, false);
  if (v.kind === 'go') return;
  if (v.kind === 'short')
    throw creditsError(
      `${what} needs up to ${credits(v.cost)} and the organization has ${credits(v.available)}`,
      'Buy credits on the plans page of the application, or run a smaller selection. Nothing was spent.',
    );
  if (v.kind === 'over_ceiling') {
    const named = ceiling?.source === 'env' ? 'PROSPECT_MAX_COST' : ceiling?.source === 'flag' ? '--max-cost' : 'max_cost of the profile';
    throw creditsError(
      `${what} would cost up to ${credits(v.cost)}, over ${named} ${v.ceiling}`,
      `Raise --max-cost to ${v.cost} or run a smaller selection. Nothing was spent.`,
    );
  }
  if (!ctx.io.stdinIsTTY || !ctx.io.stderrIsTTY)
    throw declinedError(
      `${what} spends up to ${credits(v.cost)} and needs confirmation, but no terminal is attached`,
      `Pass --yes to confirm, or --max-cost ${v.cost} (or PROSPECT_MAX_COST) to cap the spend. Nothing was spent.`,
    );
  if (!(await ctx.prompter.confirm(`Spend up to ${credits(v.cost)}?`, { flag: '--yes' })))
    throw declinedError(`${what} declined; nothing was spent`);
}

async function quote(ctx: Context, plan: Pick<PaidPlan<unknown>, 'estimate' | 'check'>): Promise<Quote> {
  const q = await ctx.api.credits.estimate(plan.estimate);
  checkQuote(q);
  ctx.out.info(describeQuote(q));
  plan.check?.(q);
  return q;
}

/**
 * Steps 1-3: the estimate and the decision. Returns the approved quote, or undefined after
 * --dry-run. A job of many paid requests (a chunked import) approves its total once here and
 * quotes each request as it sends it.
 */
export async function approveSpend(
  ctx: Context,
  plan: Omit<PaidPlan<unknown>, 'run'>,
  opts: { dryRun?: boolean } = {},
): Promise<Quote | undefined> {
  const q = await quote(ctx, plan);
  if (opts.dryRun) {
    await ctx.out.print({ kind: 'object', payload: q, fields: QUOTE_FIELDS });
    warnIfShort(ctx, q);
    ctx.out.info(`Dry run: nothing was spent. The quote works once, until ${new Date((q.expires_at ?? 0) * 1000).toISOString()}.`);
    return undefined;
  }
  await decide(ctx, q, plan.what, false);
  return q;
}

/** A send stopped (Ctrl-C) or left without an answer: its journal entry stays open for the next identical command. */
const leftUnanswered = (e: unknown) =>
  (e instanceof Error && e.name === 'AbortError') ||
  (e instanceof LostResponseError && (e.reason === 'no_answer' || e.reason === 'quote_expired'));

const unansweredNote = (ctx: Context) =>
  `The run may have started, and it is in the paid-run journal (\`${nextCommand(ctx, ['runs', 'ls'])}\`). ` +
  `The same command again resolves it through its quote, or says what to check, and never pays twice: ${sameCommand(ctx)}`;

/** Stopped while the request waited (pacing, a Retry-After after the service refused it): it did nothing. */
const NOT_SENT_NOTE = 'The run was not started (the service had not taken the request): nothing was spent.';

/** Whether an earlier paid request of this tool was sent and never answered (the next runPaid resolves it first). */
export async function hasUnansweredRun(ctx: Context, tool: string): Promise<boolean> {
  return (await PaidRunJournal.open(ctx)).unanswered(tool).length > 0;
}

/** Runs a paid request through the flow; undefined after --dry-run (the quote was printed). */
export async function runPaid<R>(
  ctx: Context,
  plan: PaidPlan<R>,
  opts: { dryRun?: boolean; since?: number } = {},
): Promise<PaidOutcome<R> | undefined> {
  if (opts.dryRun) return void (await approveSpend(ctx, plan, opts));
  // When the command began: an identical request sent from then on is joined, not paid again.
  const since = opts.since ?? ctx.clock.now();
  const journal = await PaidRunJournal.open(ctx);
  journal.prepare();
  const earlier = await resolveEarlierRun(ctx, journal, plan.estimate.tool, plan.run);
  if (earlier) return earlier;
  const q = await quote(ctx, plan);
  await decide(ctx, q, plan.what, false);
  return sendApproved(ctx, journal, plan, q, since);
}

/**
 * Step 4 for a quote already approved: the run is sent with it, written in the journal; an
 * expired quote is renewed, and asked again only when the cost went up. A job of several paid
 * requests quotes each, decides once on their sum, then sends each through here.
 */
export async function sendApproved<R>(
  ctx: Context,
  journal: PaidRunJournal,
  plan: PaidPlan<R>,
  approvedQuote: Quote,
  since: number,
): Promise<PaidOutcome<R>> {
  return sendWithRenewedQuote(
    approvedQuote,
    async (sent) => {
      let recording: Recording | undefined;
      try {
        const { result, joined } = await sendOnce(
          journal,
          { tool: plan.estimate.tool, what: plan.what, quote: sent, since, beforeWrite: plan.beforeSend, lockKey: plan.lockKey },
          plan.run,
          {
            signal: ctx.signal,
            onRecording: (r) => (recording = r),
          },
        );
        if (!joined) checkCharge(result, sent.estimated_cost);
        return { quote: sent, result };
      } catch (e) {
        if (leftUnanswered(e)) ctx.out.info(recording?.pending ? unansweredNote(ctx) : NOT_SENT_NOTE);
        throw resolveFailure(ctx, e);
      }
    },
    {
      estimate: () => {
        ctx.out.info('The quote expired before the run was sent; estimating again.');
        return quote(ctx, plan);
      },
      decide: (q, approvedBefore) => decide(ctx, q, plan.what, approvedBefore),
    },
  );
}
