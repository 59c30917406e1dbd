import { ApiError, isApiError } from './errors.js';
import type { AttemptHooks, Client, RequestOptions } from './client.js';
import type { Prefix } from './prefixes.js';
import type { Quote } from './schemas/credits.js';
import { sleep as realSleep } from './sleep.js';

/**
 * Sending a paid request without ever paying twice. A paid POST is not retried blindly: when
 * its answer is lost (the connection dropped after the request went out, the service
 * answers 503 dispatch_outcome_unknown, or a 5xx that does not say nothing was done) it may
 * or may not have started. It is sent again with the same quote, which is single use, so the
 * service either runs it now (the first never started) or refuses with quote_already_redeemed naming the run the quote paid for, which is
 * then read back through its status instead of run again. A journal (withPaidJournal) writes
 * each request down before it goes out, so one whose answer is lost with the process is
 * resolved the same way by the next identical request.
 */

/** What quote_already_redeemed says the quote paid for. */
export interface Redemption {
  workflow_id: string | null;
  task_id: string | null;
  list_id: string | null;
}

/** The run a lost answer started, read back (the caller turns it into the response it expected). */
export type Recover<T> = (r: Redemption) => Promise<T>;

/** Why a lost answer could not be resolved: the quote expired, it was used by a run that cannot be read back, no answer came, or there was no quote. */
export type LostReason = 'quote_expired' | 'quote_used' | 'no_answer' | 'unquoted';

export class LostResponseError extends ApiError {
  readonly reason: LostReason;
  constructor(
    cause: ApiError,
    reason: LostReason,
    detail: string,
    fix = 'Check the balance and the status of your runs before sending it again with a new quote.',
  ) {
    super({
      status: cause.status,
      code: 'dispatch_outcome_unknown',
      problem: `The request may have been accepted, but its answer was lost (${cause.code})`,
      cause: detail,
      fix,
      retryable: false,
      requestId: cause.requestId,
      ...(cause.method ? { method: cause.method } : {}),
      ...(cause.url ? { url: cause.url } : {}),
    });
    this.name = 'LostResponseError';
    this.reason = reason;
  }
}

/** Resends after a lost answer at most this many times. */
const RESENDS = 3;

/** 5xx codes that say what happened (nothing was done); any other 5xx may come after the run started. */
const ANSWERED_5XX = [
  'not_enabled',
  'feature_not_available',
  'not_supported',
  'quote_verification_unavailable',
  'filters_unavailable',
  'provider_error',
];

/** Network failures before a connection existed. */
const NEVER_SENT = ['connection_refused', 'connect_timeout'];

const isLost = (e: ApiError) =>
  e.status === 0 || e.is('dispatch_outcome_unknown') || e.is('invalid_response') || (e.status >= 500 && !ANSWERED_5XX.some((c) => e.is(c)));

function redemptionOf(e: ApiError): Redemption | undefined {
  const d = e.details ?? {};
  const str = (k: string) => (typeof d[k] === 'string' && d[k] ? d[k] : null);
  const r = { workflow_id: str('workflow_id'), task_id: str('task_id'), list_id: str('list_id') };
  return r.workflow_id || r.task_id ? r : undefined;
}

/** What an area's send method of a paid request takes beside its body. */
export interface PaidCallOptions {
  signal?: AbortSignal | undefined;
  /** How to wait between resends after a lost answer (tests pass a fake clock). */
  sleep?: ((ms: number, signal?: AbortSignal) => Promise<void>) | undefined;
  /** The face's paid-run journal (the CLI's and MCP's files, the SDK's memory): the request is written down before it goes out. */
  journal?: PaidCallJournal | null | undefined;
}

/** What a route adds to the rules of sendPaid. */
export interface PaidCallRules {
  /** 5xx answers the route's contract makes final (a sync's whole-push failure: nothing pushed, refunded): thrown as they are, not resent. */
  answered?: (e: ApiError) => boolean;
  /** What to check before sending again when the answer is lost (default: the balance and the status of the runs). */
  lostFix?: string;
  /** Where the request is written down before it goes out (the paid-run journal of the face), passed by the caller: null for none. */
  journal?: PaidCallJournal | null | undefined;
}

/** A paid request as a journal writes it down: where it went and what it asked, without its quote. */
export interface PaidRequestShape {
  method: string;
  prefix: Prefix;
  path: string;
  body: Record<string, unknown>;
}

/**
 * Where paid requests are written down as they are sent (the CLI's paid-run journal), so an
 * answer lost with the process (a kill, Ctrl-C) is resolved through its quote by the next
 * identical request instead of being paid for again. Only an attempt that goes out is written
 * down: a request stopped while it waited (pacing, a Retry-After) never left, and one the
 * service refused (a 429) did nothing, so neither leaves anything to resolve.
 */
export interface PaidCallJournal {
  /** Right before the request's attempt goes out (after pacing and any wait): writes it down. Throwing stops it unsent. */
  sending(request: PaidRequestShape, quoteId: string): Promise<PaidCallRecord>;
}

/** What became of one journaled request. */
export interface PaidCallRecord {
  /** This sends again a journaled request whose answer was lost: what comes back is about that earlier attempt. */
  readonly resend: boolean;
  /** The request is on its way or may be (no answer, no refusal written down yet). */
  readonly open: boolean;
  /** The run's answer, as sent or as read back through the quote. */
  answered(result: unknown): Promise<void>;
  /** The quote paid for a run that cannot be read back: it ran and was charged. */
  used(redemption: Redemption | undefined): Promise<void>;
  /** The service answered that nothing was done. */
  refused(e: ApiError): Promise<void>;
  /** Nothing was done: the service answered so and the request waits to be sent again, or it was stopped before it was handed to the network (`e` undefined). Until it goes again, nothing is pending. */
  withdrawn(e: ApiError | undefined): Promise<void>;
  /** The caller stopped waiting (an abort) after the request went out: nobody waits for its answer now. */
  abandoned(): Promise<void>;
  /** The request was handed to the network whole: from now on it may have been taken (written down as sent). */
  handedOff(): void;
}

/**
 * A paid call stopped (its signal aborted) after it was sent or while it was being sent. Named
 * AbortError, as any aborted call; `sent` says whether the request was handed to the network,
 * and `quoteId` is the quote it went with: the same call again (or the same request with this
 * quote) reads back the run it may have started instead of paying again.
 */
export class PaidCallAbortedError extends Error {
  override readonly name = 'AbortError';
  constructor(
    readonly quoteId: string | undefined,
    readonly sent: boolean,
    override readonly cause: unknown,
  ) {
    super(
      sent
        ? `the paid request was stopped after it was sent with quote ${quoteId}: the run may have started; the same call again resolves it through the quote and never pays twice`
        : 'the paid request was stopped before it was sent: nothing was spent',
    );
  }
}

function shapeOf(req: RequestOptions & { body: { quote_id?: string | undefined } }): PaidRequestShape {
  const { quote_id: _quote, ...body } = req.body as Record<string, unknown>;
  return { method: req.method.toUpperCase(), prefix: req.prefix ?? 'v2', path: req.path, body };
}

/** Where a journaled resend starts: the earlier attempt's answer was lost. */
const EARLIER_ANSWER_LOST = new ApiError({
  status: 0,
  code: 'dispatch_outcome_unknown',
  problem: 'An earlier attempt of this request got no answer',
});

const isAbort = (e: unknown) => e instanceof Error && e.name === 'AbortError';

export async function sendPaid<T>(
  client: Client,
  req: RequestOptions & { body: { quote_id?: string | undefined } },
  recover: Recover<T> | null,
  sleep: (ms: number, signal?: AbortSignal) => Promise<void> = realSleep,
  rules: PaidCallRules = {},
): Promise<T> {
  const lostAnswer = (cause: ApiError, reason: LostReason, detail: string) => new LostResponseError(cause, reason, detail, rules.lostFix);
  const quoted = typeof req.body.quote_id === 'string' && req.body.quote_id !== '';
  const journal = rules.journal ?? undefined;
  let record: PaidCallRecord | undefined;
  let lost: ApiError | undefined;
  let handedOff = false;
  const attempts: AttemptHooks = {
    sending: async () => {
      handedOff = false;
      if (record || !journal) return;
      record = await journal.sending(shapeOf(req), req.body.quote_id ?? '');
      if (record.resend) lost = EARLIER_ANSWER_LOST;
    },
    sent: () => {
      handedOff = true;
      record?.handedOff();
    },
    // The client sends a paid request again only after an answer that says nothing was done;
    // after a lost attempt that says nothing about the lost one, which stays pending.
    retrying: async (e) => {
      if (lost || !record) return;
      await record.withdrawn(e);
      record = undefined;
    },
  };
  const answered = async (result: T) => (await record?.answered(result), result);
  // Stopped before the request was handed to the network: nothing went, nothing is pending. After: the run may have started.
  const aborted = async (e: unknown) => {
    const sent = handedOff || lost !== undefined;
    if (record && !record.resend) await (sent ? record.abandoned() : record.withdrawn(undefined));
    else if (record && sent) await record.abandoned();
    return new PaidCallAbortedError(req.body.quote_id, sent, e);
  };
  // Only a first attempt's refusal says nothing was done; after a lost answer it says nothing about that attempt.
  const refused = async (e: ApiError) => (lost ? e : (await record?.refused(e), e));
  try {
    for (let attempt = 0; ; attempt++) {
      let result: T;
      try {
        result = await client.request<T>({ ...req, idempotent: false, attempts });
      } catch (e) {
        if (isAbort(e)) throw await aborted(e);
        if (!isApiError(e)) throw e;
        if (e.is('quote_already_redeemed')) {
          // The run this quote paid for (an earlier attempt whose answer was lost) is read back, never run again.
          const r = redemptionOf(e);
          if (r && recover) return answered(await recover(r));
          if (!lost) throw await refused(e);
          await record?.used(r);
          throw lostAnswer(
            lost,
            'quote_used',
            r
              ? `The quote was used: it paid for ${r.workflow_id ?? r.task_id}, which ran (and was charged) but cannot be read back.`
              : 'The quote was used, so the run started (and was charged), but the service did not say which run it is.',
          );
        }
        // An expired quote on a resend says nothing about the lost attempt: a fresh quote could pay twice.
        if (lost && e.is('quote_expired'))
          throw lostAnswer(lost, 'quote_expired', 'The quote expired before a resend could tell whether the first attempt started.');
        // No connection was made, so the request never left: nothing to resolve.
        if (!lost && NEVER_SENT.some((c) => e.is(c))) throw await refused(e);
        if (!isLost(e) || rules.answered?.(e)) throw await refused(e);
        if (!quoted) throw lostAnswer(e, 'unquoted', 'It was sent without a quote, so sending it again could charge twice.');
        if (attempt >= RESENDS) throw lostAnswer(e, 'no_answer', `No answer after ${RESENDS + 1} attempts with the same quote.`);
        lost = e;
        await sleep(250 * 2 ** attempt, req.signal);
        continue;
      }
      return answered(result);
    }
  } catch (e) {
    // Whatever ends this call with its request still open (a lost answer, a failed read back), nobody waits for it now:
    // the next identical request resolves it through its quote.
    if (record?.open) await record.abandoned();
    throw e;
  }
}

/** Renewals of a quote that expired before its request went out, before quote_expired is the caller's. */
const QUOTE_RENEWALS = 2;

/** How a paid request's caller renews an expired quote: estimates again, then decides on the new quote. */
export interface QuoteRenewal {
  estimate(): Promise<Quote>;
  /** Throws to spend nothing. `approvedBefore`: the cost is not above the one already approved, so nobody needs asking again. */
  decide(quote: Quote, approvedBefore: boolean): Promise<void>;
}

/**
 * Sends a paid request with a quote already approved. A quote that expired first (the run
 * waited on a decision; quote_expired says nothing was done) is renewed, and the new one
 * asked about again only when it costs more than the one approved.
 */
export async function sendWithRenewedQuote<R>(approved: Quote, send: (quote: Quote) => Promise<R>, renewal: QuoteRenewal): Promise<R> {
  let q = approved;
  for (let renewed = 0; ; renewed++) {
    try {
      return await send(q);
    } catch (e) {
      if (!isApiError(e) || !e.is('quote_expired') || renewed >= QUOTE_RENEWALS) throw e;
      q = await renewal.estimate();
      await renewal.decide(q, q.estimated_cost <= approved.estimated_cost);
    }
  }
}
