import type { Api } from '../api/api.js';
import type { PaidCallJournal, PaidCallOptions } from '../api/paid-call.js';
import type { ResourceHost } from '../api/resource.js';
import type { EstimateBody } from '../api/schemas/credits.js';
import type { PaidJournal } from '../workflows/journal/journal.js';
import { payFor, type Journaled, type PaidOptions } from './paid.js';

/** What the SDK's areas reach the service through: the api's host, with the client's paid-run journal. */
export interface SdkHost extends ResourceHost {
  /** The paid-run journal every paid request of this client goes through (made when first used). */
  journal(): PaidJournal;
  /**
   * The api's areas over this host as they are, for the workflows and for pricing: never the
   * SDK's, whose paid methods decide the spend themselves.
   */
  api(): Api;
}

/** How pay sends a paid request beside its body. */
export interface PayHow {
  /** When the method was called (default: when pay is): identical requests sent since then are joined. */
  since?: number;
  /** Checked before pricing, once no identical earlier call is left to resolve. */
  beforePricing?: () => Promise<void>;
  /** Checked right before a new request goes out with this call's quote, under the journal's lock (of `lockKey` when given). */
  check?: () => Promise<void>;
  /** What the journal locks that check and the write on, when requests that are not identical must take turns (PaidRunInfo.lockKey). */
  lockKey?: string;
}

/** The client's paid-run journal, and now as when the call began. */
export const journaled = (host: SdkHost, since = Date.now()): Journaled => ({ journal: host.journal(), since });

/**
 * Estimates a paid request, decides (payFor), and sends `body` through `send` (an api `send*`
 * method) with the quote and the client's paid-run journal. `what` names the method in the journal.
 */
export function pay<B extends object, R>(
  host: SdkHost,
  what: string,
  estimate: EstimateBody,
  body: B,
  send: (body: B & { quote_id?: string | undefined }, call: PaidCallOptions) => Promise<R>,
  opts: PaidOptions,
  how: PayHow = {},
): Promise<R> {
  const { since, ...checks } = how;
  const req = {
    estimate,
    what,
    send: (quote_id: string | undefined, journal?: PaidCallJournal) => send({ ...body, quote_id }, { signal: opts.signal, journal }),
    ...checks,
  };
  return payFor(host.api(), req, opts, journaled(host, since));
}
