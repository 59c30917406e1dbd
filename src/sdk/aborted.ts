import { PaidCallAbortedError as SendAborted } from '../api/paid-call.js';
import type { Quote } from '../api/schemas/credits.js';

/**
 * A paid call stopped by its `signal`. Named AbortError, as any aborted call. `sent` says
 * whether its request had been handed to the network:
 * - false: nothing went out, nothing was spent;
 * - true: the run may have started (and been charged). `quote` (and `quoteId`) is the quote it
 *   went with: calling the same method again with the same params, on the same client (or one
 *   sharing its paidRunJournal), resolves it through that quote (the run it started is read
 *   back, or it runs now, once) instead of paying again; elsewhere, pass `{ quote: e.quote }`.
 */
export class PaidCallAbortedError extends SendAborted {
  /** The quote the request went with; undefined when the call was given a quote id alone (see `quoteId`). */
  readonly quote: Quote | undefined;

  /** Made by the SDK; not for your own code to construct. */
  constructor(aborted: SendAborted, quote: Quote | undefined) {
    super(aborted.quoteId, aborted.sent, aborted.cause);
    this.quote = quote;
  }
}

/** The SDK's error for a core one stopped by an abort, with the quote it went with (`quoteOf` its id); any other error as it is. */
export function withQuote(e: unknown, quoteOf: (quoteId: string) => Quote | undefined): unknown {
  if (!(e instanceof SendAborted) || e instanceof PaidCallAbortedError) return e;
  return new PaidCallAbortedError(e, e.quoteId ? quoteOf(e.quoteId) : undefined);
}
