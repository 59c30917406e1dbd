import type { Client } from '../api/client.js';
import type { EstimateBody } from '../api/schemas/credits.js';
import type { CallOptions } from './options.js';
import { payFor, type PaidOptions } from './paid.js';

/** Which credential a call uses: the API key, or the session JWT (key management only). */
export type Credential = 'key' | 'jwt';

/** What a resource reaches its client through: the core Client of a credential (made when first used). */
export interface CoreSource {
  core(credential?: Credential): Client;
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

  /** @internal Estimates a paid request, decides (payFor), and sends `body` through `send` with the quote. */
  protected pay<B extends object, R>(
    estimate: EstimateBody,
    body: B,
    send: (client: Client, body: B & { quote_id?: string | undefined }, call: CallOptions) => Promise<R>,
    opts: PaidOptions,
  ): Promise<R> {
    const client = this.core;
    return payFor(client, { estimate, send: (quote_id) => send(client, { ...body, quote_id }, { signal: opts.signal }) }, opts);
  }
}
