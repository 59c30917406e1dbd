import type { Context } from '../../../cli/context.js';
import { destinationNote, runCommand, unknownRunChecks } from '../../../cli/journal-checks.js';
import { quoteExpiresMs, type JournalEntry } from '../../../workflows/journal/entry.js';
import { serviceUrl } from '../../../api/base-url.js';

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

export function stateOf(e: JournalEntry, nowMs: number): RunState {
  // Being handed to the network: open while its quote lives; after, it never went out.
  if (e.state === 'sending') return nowMs < quoteExpiresMs(e) ? 'open' : 'not_charged';
  if (e.state !== 'sent') return e.state;
  return nowMs < quoteExpiresMs(e) ? 'open' : 'unknown';
}

/** A base URL as a flag's value: without userinfo (the entry has none) and without a lone trailing slash. */
const urlWord = (url: string) => url.replace(/^([a-z]+:\/\/[^/]+)\/$/i, '$1');

/**
 * Follow-up commands go to the service the entry went to, not the one this listing would use:
 * --sandbox, else its base URL (--base-url, unless this listing resolves to the same one) and
 * its profile (--profile, unless this listing uses the same).
 */
function targetOf(ctx: Context, e: JournalEntry): Pick<Context, 'globals'> {
  if (e.service.sandbox) return { globals: { ...ctx.globals, sandbox: true, profile: undefined, baseUrl: undefined } };
  const st = ctx.settings();
  const sameProfile = e.service.profile === st.profile.value;
  const here = !st.sandbox && st.baseUrl ? urlWord(serviceUrl(st.baseUrl.value)) : undefined;
  const sameUrl = here === urlWord(e.service.base_url);
  return {
    globals: {
      ...ctx.globals,
      sandbox: false,
      profile: sameProfile ? ctx.globals.profile : e.service.profile,
      baseUrl: sameUrl ? ctx.globals.baseUrl : urlWord(e.service.base_url),
    },
  };
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
    quote_expires_at: new Date(quoteExpiresMs(e)).toISOString(),
    closed_at: e.closed_at ?? null,
    outcome: e.outcome ?? null,
    profile: e.service.profile,
    base_url: e.service.base_url,
    check: checkOf(ctx, e, state),
    request: e.request,
  };
}
