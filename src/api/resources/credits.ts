import { APIResource, lazyEntries, type CallOptions } from '../resource.js';
import type { Balance, EstimateBody, Quote } from '../schemas/credits.js';

const credits = lazyEntries(() => import('../endpoints/credits.js').then((m) => m.credits));

/** Credits (free): the balance, and quotes. */
export class Credits extends APIResource {
  balance(opts?: CallOptions): Promise<Balance> {
    return this.send(credits.balance, {}, opts);
  }

  /**
   * The most a request can cost and a single-use quote for it, valid 5 minutes. Paid methods
   * estimate for you; estimate yourself to pass the quote as `{ quote }`.
   */
  estimate(params: EstimateBody, opts?: CallOptions): Promise<Quote> {
    return this.send(credits.estimate, { body: params }, opts);
  }
}
