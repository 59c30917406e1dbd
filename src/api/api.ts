import type { Client } from './client.js';
import type { ResourceHost } from './resource.js';
import { PaidAgents } from './resources/agents.js';
import { Credits } from './resources/credits.js';
import { PaidEnrichment } from './resources/enrichment.js';
import { Exports } from './resources/export.js';
import { Keys } from './resources/keys.js';
import { PaidLegacy } from './resources/legacy.js';
import { PaidLists } from './resources/lists.js';
import { Companies, People } from './resources/search.js';
import { PaidSync } from './resources/sync.js';
import { Usage } from './resources/usage.js';
import { Identity } from './resources/whoami.js';

/** Every API area bound to one host: what the CLI reaches as `ctx.api`, MCP's tools and the workflows as `api`. */
export class Api {
  readonly identity: Identity;
  readonly people: People;
  readonly companies: Companies;
  readonly lists: PaidLists;
  readonly enrichment: PaidEnrichment;
  readonly agents: PaidAgents;
  readonly sync: PaidSync;
  readonly exports: Exports;
  readonly credits: Credits;
  readonly keys: Keys;
  readonly usage: Usage;
  readonly legacy: PaidLegacy;

  constructor(host: ResourceHost) {
    this.identity = new Identity(host);
    this.people = new People(host);
    this.companies = new Companies(host);
    this.lists = new PaidLists(host);
    this.enrichment = new PaidEnrichment(host);
    this.agents = new PaidAgents(host);
    this.sync = new PaidSync(host);
    this.exports = new Exports(host);
    this.credits = new Credits(host);
    this.keys = new Keys(host);
    this.usage = new Usage(host);
    this.legacy = new PaidLegacy(host);
  }
}

/** The areas over one client (for every credential), with a signal every call carries unless it passes its own. */
export function apiOf(client: Client, signal?: AbortSignal): Api {
  return new Api({ client: () => client, signal });
}
