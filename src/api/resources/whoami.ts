import { APIResource, lazyEntries, type CallOptions } from '../resource.js';
import type { Identity as IdentityAnswer } from '../schemas/identity.js';

const identity = lazyEntries(() => import('../endpoints/identity.js').then((m) => m.identity));

/** Who a credential belongs to. */
export class Identity extends APIResource {
  /** The user, organization, plan and scopes of the API key (or session JWT). */
  whoami(opts?: CallOptions): Promise<IdentityAnswer> {
    return this.send(identity.whoami, {}, opts);
  }
}
