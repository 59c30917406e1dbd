import type { Client } from '../api/client.js';
import type { PaidCallOptions } from '../api/paid-call.js';
import type { EstimateBody } from '../api/schemas/credits.js';
import type { PaidJournal } from '../workflows/journal/journal.js';
import { payFor, type PaidOptions } from './paid.js';

/** Which credential a call uses: the API key, or the session JWT (key management only). */
export type Credential = 'key' | 'jwt';

/** What a resource reaches its client through: the core Client of a credential (made when first used), and the paid-run journal of the client. */
export interface CoreSource {
  core(credential?: Credential): Client;
  /** The paid-run journal every paid request of this client goes through (made when first used). */
  journal(): PaidJournal;
}

/** How Resource.pay sends a paid request beside its body. */
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

/** The base of every resource (client.people, client.lists, ...). */
export abstract class Resource {
  /** @internal */
  protected readonly source: CoreSource;

  /** @internal */
  constructor(source: CoreSource) {
    this.source = source;
  }

  /** @internal The core client of the API key. */
  protected get core(): Client {
    return this.source.core('key');
  }

  /** @internal The client's paid-run journal, and now as when the call began. */
  protected journaled(since = Date.now()) {
    return { journal: this.source.journal(), since };
  }

  /**
   * @internal Estimates a paid request, decides (payFor), and sends `body` through `send` with
   * the quote and the client's paid-run journal. `what` names the method in the journal.
   */
  protected pay<B extends object, R>(
    what: string,
    estimate: EstimateBody,
    body: B,
    send: (client: Client, body: B & { quote_id?: string | undefined }, call: PaidCallOptions) => Promise<R>,
    opts: PaidOptions,
    how: PayHow = {},
  ): Promise<R> {
    const client = this.core;
    const { since, ...checks } = how;
    return payFor(client, { estimate, what, send: (quote_id, journal) => send(client, { ...body, quote_id }, { signal: opts.signal, journal }), ...checks }, opts, this.journaled(since));
  }
}
