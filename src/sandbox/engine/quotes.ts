import { randomBytes } from 'node:crypto';
import { QUOTE_PREFIX, QUOTE_TTL_MS, maxDriftRows, type Tool } from '../../api/schemas/values/credits.js';
import { own, type Store } from '../store.js';
import type { SandboxClock } from './clock.js';
import { canonicalHash } from './cursors.js';
import { derivedKey, hmac, sameSignature } from './signing.js';
import { publicError, type SandboxError } from './errors.js';

/**
 * Quotes: `qte_v1_<payload>.<HMAC-SHA256>`. The payload names the organization, the tool,
 * the hash of the request shape, the rows and cost priced and the expiry; the signature
 * proves the sandbox minted it. Redemption is recorded in the state, so a quote runs once.
 *
 * A paid route checks its quote (checkQuote) after its own validation and before it
 * reserves credits, and marks it redeemed (redeemQuote) once the run has started: a run
 * refused for credits or a bad list leaves the quote usable.
 */

export interface QuotePayload {
  /** Quote number (random), so two equal estimates give two quotes. */
  n: string;
  o: string;
  t: Tool;
  /** filter_hash: the request shape's hash. */
  h: string;
  /** Rows priced. */
  r: number;
  /** Estimated cost: the spend cap. */
  c: number;
  /** Expiry, sandbox ms. */
  e: number;
}

export interface Redemption {
  redeemed_at: string;
  /** The quote's expiry (sandbox ms): after it the record is dropped, the quote being expired anyway. */
  expires_ms: number;
  /** What the quote paid for, so a client whose answer was lost can find it. */
  workflow_id: string | null;
  task_id: string | null;
  list_id: string | null;
}

interface QuotesArea {
  /** By quote number. */
  redeemed: Record<string, Redemption>;
}

const quotesArea = (store: Store): QuotesArea => store.area<QuotesArea>('quotes', () => ({ redeemed: {} }));

const sign = (store: Store, payload: string): string => hmac(derivedKey(store, 'quotes'), payload);

/** The filter_hash of a request shape (see api/quote-shape.ts). */
export const shapeHash = canonicalHash;

export function mintQuote(
  store: Store,
  clock: SandboxClock,
  q: { organizationId: string; tool: Tool; filterHash: string; rows: number; cost: number },
): { quote_id: string; expires_at: number } {
  const payload: QuotePayload = {
    n: randomBytes(9).toString('base64url'),
    o: q.organizationId,
    t: q.tool,
    h: q.filterHash,
    r: q.rows,
    c: q.cost,
    e: clock.now() + QUOTE_TTL_MS,
  };
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return { quote_id: `${QUOTE_PREFIX}${body}.${sign(store, body)}`, expires_at: Math.floor(payload.e / 1000) };
}

const quoteError = (
  status: number,
  code: 'quote_required' | 'quote_invalid' | 'quote_expired' | 'quote_mismatch' | 'quote_already_redeemed' | 'spend_cap_exceeded',
  f: { problem: string; cause?: string; fix: string; details?: Record<string, unknown> },
) => publicError(status, { code, retryable: false, ...f });

const ESTIMATE_FIX = 'Get a quote with POST /credits/estimate for this exact request and send its quote_id within 5 minutes.';

function quoteRequired(tool: Tool): SandboxError {
  return quoteError(400, 'quote_required', {
    problem: `This operation needs a quote (tool ${tool})`,
    cause: 'Paid bulk operations run only against a signed single-use quote, so they can never cost more than was agreed.',
    fix: `Call POST /credits/estimate with tool ${tool} and the same request fields, then send its quote_id.`,
    details: { tool },
  });
}

/** Decodes and verifies a quote id, or throws quote_invalid. */
function decode(store: Store, quoteId: string, organizationId: string): QuotePayload {
  const invalid = (cause: string) =>
    quoteError(400, 'quote_invalid', { problem: 'The quote_id is not a valid quote', cause, fix: ESTIMATE_FIX });
  if (!quoteId.startsWith(QUOTE_PREFIX)) throw invalid(`Quote ids start with ${QUOTE_PREFIX}.`);
  const [body = '', sig = '', ...rest] = quoteId.slice(QUOTE_PREFIX.length).split('.');
  if (rest.length || !body || !sig) throw invalid('The quote id is malformed.');
  if (!sameSignature(sign(store, body), sig))
    throw invalid('The signature does not match: the quote was altered or not minted by this service.');
  let p: QuotePayload;
  try {
    p = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as QuotePayload;
  } catch {
    throw invalid('The quote id is malformed.');
  }
  if (p.o !== organizationId) throw invalid('The quote was minted for another organization.');
  return p;
}

export interface QuoteCheck {
  /** The quote id as sent, or undefined when none was (optional quotes). */
  quoteId: string | undefined;
  /** Whether the route needs a quote (400 quote_required without one). */
  required: boolean;
  tool: Tool;
  /** The run's request shape (quoteShape of estimateBodyFor(run)). */
  shape: unknown;
  /** The run's real rows and its maximum cost. */
  rows: number;
  cost: number;
  /** 409, or 400 on the enrichment routes. */
  redeemedStatus: 400 | 409;
}

export interface CheckedQuote {
  payload: QuotePayload | null;
  /** What the run may reserve: its cost, never above the quote's estimated cost. */
  cap: number;
}

/**
 * Checks a quote against a run, in order: quote_required, quote_invalid, quote_expired,
 * quote_already_redeemed, quote_mismatch (tool or shape), spend_cap_exceeded (rows beyond
 * the quote's plus 10 %). A run within the drift may go on; what it reserves and can be
 * charged is capped at the quote's estimated cost.
 */
export function checkQuote(store: Store, clock: SandboxClock, organizationId: string, c: QuoteCheck): CheckedQuote {
  if (c.quoteId === undefined || c.quoteId === '') {
    if (c.required) throw quoteRequired(c.tool);
    return { payload: null, cap: c.cost };
  }
  const p = decode(store, c.quoteId, organizationId);
  if (clock.now() >= p.e)
    throw quoteError(400, 'quote_expired', {
      problem: 'The quote has expired',
      cause: `Quotes are valid 5 minutes; this one expired at ${new Date(p.e).toISOString()}.`,
      fix: ESTIMATE_FIX,
      details: { expired_at: new Date(p.e).toISOString() },
    });
  const done = own(quotesArea(store).redeemed, p.n);
  if (done)
    throw quoteError(c.redeemedStatus, 'quote_already_redeemed', {
      problem: 'The quote was already used',
      cause: `Quotes are single use; this one paid for a run at ${done.redeemed_at}.`,
      fix: done.workflow_id ? paidRunFix(c.tool, done.workflow_id) : 'Get a new quote with POST /credits/estimate to run again.',
      details: {
        quote_id: c.quoteId,
        redeemed_at: done.redeemed_at,
        workflow_id: done.workflow_id,
        task_id: done.task_id,
        list_id: done.list_id,
      },
    });
  const hash = shapeHash(c.shape);
  if (p.t !== c.tool || p.h !== hash)
    throw quoteError(400, 'quote_mismatch', {
      problem: 'The request differs from the one quoted',
      cause:
        p.t !== c.tool
          ? `The quote prices tool ${p.t}; this request is ${c.tool}.`
          : 'The tool matches but the request shape (list, scope, ids, data points, type ...) differs.',
      fix: 'Estimate exactly the request you send (same tool and fields), or send the request that was quoted.',
      details: { quoted_tool: p.t, tool: c.tool, quoted_filter_hash: p.h, filter_hash: hash },
    });
  if (c.rows > maxDriftRows(p.r))
    throw quoteError(400, 'spend_cap_exceeded', {
      problem: `The run has ${c.rows} rows, more than the ${p.r} quoted plus 10 %`,
      cause: `The quote capped spending at ${p.c} credits for ${p.r} rows; rows may grow up to ${maxDriftRows(p.r)} before a run is refused.`,
      fix: 'Get a new quote for the current rows.',
      details: { quoted_rows: p.r, rows: c.rows, max_rows: maxDriftRows(p.r), estimated_cost: p.c, cost: c.cost },
    });
  return { payload: p, cap: Math.min(c.cost, p.c) };
}

/** Where the run a used quote paid for is found: a status to poll, or for a sync (which cannot be read back) the destination. */
function paidRunFix(tool: Tool, id: string): string {
  if (tool === 'sync_to_crm' || tool === 'sync_to_sequencer')
    return `That sync is ${id}: it ran when the quote was used and cannot be read back; check the destination before syncing again with a new quote.`;
  return `That run is ${id}: poll GET ${tool === 'run_smart_agent' ? '/smart-agents/' : '/enrichment/status/'}${id} instead of running again. To run again, get a new quote.`;
}

/** Marks a checked quote used by the run it paid for. */
export function redeemQuote(
  store: Store,
  clock: SandboxClock,
  q: CheckedQuote,
  what: Partial<Pick<Redemption, 'workflow_id' | 'task_id' | 'list_id'>>,
): void {
  if (!q.payload) return;
  const redeemed = quotesArea(store).redeemed;
  const now = clock.now();
  for (const [n, r] of Object.entries(redeemed)) if (r.expires_ms <= now) delete redeemed[n];
  redeemed[q.payload.n] = {
    redeemed_at: clock.iso(),
    expires_ms: q.payload.e,
    workflow_id: what.workflow_id ?? null,
    task_id: what.task_id ?? null,
    list_id: what.list_id ?? null,
  };
}
