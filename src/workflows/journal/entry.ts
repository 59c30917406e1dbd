import { createHash } from 'node:crypto';
import { serviceUrl } from '../../api/base-url.js';
import type { PaidRequestShape } from '../../api/paid-call.js';
import type { Quote } from '../../api/schemas/credits.js';
import { QUOTE_TTL_MS } from '../../api/schemas/values/credits.js';

/**
 * One paid request in the paid-run journal: written as it is sent, updated when its
 * answer arrives. It holds what the request asked and where it went, never a credential:
 * the key appears only as a fingerprint (the start of its SHA-256), which tells two keys apart
 * and cannot be turned back into either.
 */

/**
 * sending: written down, being handed to the network (open; left so by a process that died, it
 * never went out); sent: handed to the network whole, no answer yet (open); answered: the run is
 * known; not_charged: the service said nothing was done; paid_again: given up with --pay-again.
 */
export type JournalState = 'sending' | 'sent' | 'answered' | 'not_charged' | 'paid_again';

/** An entry whose request is on its way or may be: not closed. */
export const isOpen = (e: Pick<JournalEntry, 'state'>): boolean => e.state === 'sending' || e.state === 'sent';

/** The service and identity a request went to. */
export interface ServiceIdentity {
  /** Without userinfo. */
  base_url: string;
  /** Sent to the local sandbox (--sandbox): follow-up commands carry --sandbox. */
  sandbox: boolean;
  profile: string;
  key_fingerprint: string;
}

export interface JournalEntry {
  /** The file name without .json: the send time in ms, then a random tail. */
  id: string;
  state: JournalState;
  /** ISO times. */
  sent_at: string;
  /** When the answer came, or the entry was given up. */
  closed_at?: string;
  tool: string;
  /** What was paid for, as the question named it ("Enriching list "Q3" (full)"). */
  what: string;
  estimated_cost: number;
  quote: JournalQuote;
  request: PaidRequestShape;
  service: ServiceIdentity;
  /** The process that sent it: one still running is still waiting for the answer. */
  pid: number;
  /** The host it ran on (a pid means nothing on another one). Absent in entries of earlier versions. */
  host?: string;
  /** When that process started (Linux: boot id and start tick), so a pid used again by another process is told apart; null where the system does not say. */
  started?: string | null;
  /** workflow_id, smart_agent_task_id or task_id of the run, once known. */
  run_id?: string | null;
  /** The run's answer as it came (or was read back): an identical request made while this one was on its way gets it instead of paying. */
  answer?: unknown;
  /** The sender stopped waiting (an aborted call) after the request went out: nobody waits for its answer, so the next identical request resolves it through its quote. */
  abandoned?: true;
  /**
   * How the entry was closed, in a few words: "answered", "resolved through its quote",
   * "its quote was used (charged); the run cannot be read back", the refusal as "conflict (409)",
   * or "its quote expired unanswered; paid again with a new quote".
   */
  outcome?: string;
}

export const JOURNAL_QUOTE_FIELDS = [
  'quote_id',
  'expires_at',
  'estimated_cost',
  'tool',
  'row_count',
  'filter_hash',
  'available_credits',
  'sufficient',
] as const;
export type JournalQuote = Pick<Quote, (typeof JOURNAL_QUOTE_FIELDS)[number]>;

export function journalQuote(q: Quote): JournalQuote {
  return Object.fromEntries(JOURNAL_QUOTE_FIELDS.map((k) => [k, q[k]])) as JournalQuote;
}

/** When the entry's quote expires (or would, for a quote that did not say), in ms. */
export function quoteExpiresMs(e: JournalEntry): number {
  // A quote lives 5 minutes: an entry saying longer (hand-edited, or a service answering wrongly) is held to that.
  const most = Date.parse(e.sent_at) + QUOTE_TTL_MS;
  const said = typeof e.quote.expires_at === 'number' && Number.isFinite(e.quote.expires_at) ? e.quote.expires_at * 1000 : most;
  return Math.min(said, most);
}

/** The id of the run an answer names: a smart-agent run, an enrichment workflow or sync, or a cohort handle. */
export function runIdOf(answer: unknown): string | null {
  if (!answer || typeof answer !== 'object') return null;
  const a = answer as Record<string, unknown>;
  for (const k of ['smart_agent_task_id', 'workflow_id', 'task_id']) if (typeof a[k] === 'string' && a[k]) return a[k];
  return null;
}

/** An entry as read back from its file, or undefined when the file is not one. */
export function parseEntry(text: string): JournalEntry | undefined {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!v || typeof v !== 'object') return undefined;
  const e = v as Partial<JournalEntry>;
  const ok =
    typeof e.id === 'string' &&
    typeof e.state === 'string' &&
    typeof e.sent_at === 'string' &&
    typeof e.tool === 'string' &&
    typeof e.quote?.quote_id === 'string' &&
    typeof e.request?.path === 'string' &&
    typeof e.service?.base_url === 'string';
  return ok ? (e as JournalEntry) : undefined;
}

/** Same request: method, prefix, path and body (the quote aside), key order ignored. */
export function sameRequest(a: PaidRequestShape, b: PaidRequestShape): boolean {
  return canonical(a) === canonical(b);
}

/**
 * Same service and credential: the URL and the key, whoever holds it. The profile (the CLI's name
 * for a credential; "sdk" for a script) is not compared: the same key pays for the same request
 * whichever face or profile sends it, so they share their entries and paid-once lock.
 */
export function sameService(a: ServiceIdentity, b: ServiceIdentity): boolean {
  return a.base_url === b.base_url && a.key_fingerprint === b.key_fingerprint;
}

/** A value as one string, keys sorted and undefined ones left out: what two requests or two calls' arguments are compared by. */
export function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object')
    return `{${Object.keys(v)
      .filter((k) => (v as Record<string, unknown>)[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(v);
}

/** What locks an identical request: its shape (the quote aside) and where it goes, hashed. */
export function requestKey(request: PaidRequestShape, service: ServiceIdentity): string {
  return createHash('sha256')
    .update(canonical({ request, service: { base_url: service.base_url, key_fingerprint: service.key_fingerprint } }))
    .digest('hex')
    .slice(0, 32);
}

/** The service and credential a journal's requests go to; the key appears only as a fingerprint. */
export function serviceIdentity(baseUrl: string, key: string, profile: string, sandbox = false): ServiceIdentity {
  return { base_url: serviceUrl(baseUrl), sandbox, profile, key_fingerprint: createHash('sha256').update(key).digest('hex').slice(0, 16) };
}
