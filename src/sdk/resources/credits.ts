import { estimate, getBalance } from '../../api/resources/credits.js';
import type { Balance, EstimateBody, Quote } from '../../api/schemas/credits.js';
import { Resource } from '../core.js';
import type { CallOptions } from '../options.js';

/** Credits (free): the balance, and quotes. */
export class Credits extends Resource {
  async balance(opts: CallOptions = {}): Promise<Balance> {
    return getBalance(this.core, opts);
  }

  /**
   * The most a request can cost and a single-use quote for it, valid 5 minutes. Paid methods
   * estimate for you; estimate yourself to pass the quote as `{ quote }`.
   */
  async estimate(params: EstimateBody, opts: CallOptions = {}): Promise<Quote> {
    return estimate(this.core, params, opts);
  }
}
