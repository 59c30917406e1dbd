import type { Context } from '../../cli/context.js';
import { destinationNote, runCommand, unknownRunChecks } from '../../cli/journal-checks.js';
import type { JournalEntry } from '../../cli/journal-entry.js';
import { QUOTE_TTL_MS } from '../../api/schemas/values/credits.js';

/**
 * A journal entry as `runs ls` shows it. A request sent with no answer is open while its quote
 * can still resolve it (the same command again does), and unknown once the quote expired:
 * only the service's side (the list, the balance, the usage report) can tell whether it ran.
 */

export const RUN_STATES = ['answered', 'not_charged', 'open', 'unknown', 'paid_again'] as const;
export type RunState = (typeof RUN_STATES)[number];

export interface RunRow {
  id: string;
  sent_at: string;
  state: RunState;
  tool: string;
  what: string;
  estimated_cost: number;
  run_id: string | null;
  quote_id: string | null;
  quote_expires_at: string;
  closed_at: string | null;
  outcome: string | null;
  profile: string;
  base_url: string;
  /** What to run or look at next. */
  check: string;
  request: JournalEntry['request'];
}

function expiresMs(e: JournalEntry): number {
  return e.quote.expires_at ? e.quote.expires_at * 1000 : Date.parse(e.sent_at) + QUOTE_TTL_MS;
}

export function stateOf(e: JournalEntry, nowMs: number): RunState {
  if (e.state !== 'sent') return e.state;
  return nowMs < expiresMs(e) ? 'open' : 'unknown';
}

/** Follow-up commands go to the service the entry went to, not the one this listing would use. */
function targetOf(ctx: Context, e: JournalEntry): Pick<Context, 'globals'> {
  if (e.service.sandbox) return { globals: { ...ctx.globals, sandbox: true, profile: undefined, baseUrl: undefined } };
  const same = e.service.profile === ctx.settings().profile.value;
  return { globals: { ...ctx.globals, sandbox: false, profile: same ? ctx.globals.profile : e.service.profile, baseUrl: undefined } };
}

function checkOf(ctx: Context, e: JournalEntry, state: RunState): string {
  const target = targetOf(ctx, e);
  if (state === 'answered') return runCommand(target, e) ?? '';
  if (state === 'open') return 'the same command again resolves it through its quote';
  if (state !== 'unknown') return '';
  const note = destinationNote(e);
  return [...(note ? [note] : []), ...unknownRunChecks(target, e)].join('; ');
}

export function runRow(ctx: Context, e: JournalEntry, nowMs: number): RunRow {
  const state = stateOf(e, nowMs);
  return {
    id: e.id,
    sent_at: e.sent_at,
    state,
    tool: e.tool,
    what: e.what,
    estimated_cost: e.estimated_cost,
    run_id: e.run_id ?? null,
    quote_id: e.quote.quote_id,
    quote_expires_at: new Date(expiresMs(e)).toISOString(),
    closed_at: e.closed_at ?? null,
    outcome: e.outcome ?? null,
    profile: e.service.profile,
    base_url: e.service.base_url,
    check: checkOf(ctx, e, state),
    request: e.request,
  };
}
