import { Api } from '../api/api.js';
import { Client, type TraceEvent } from '../api/client.js';
import { checkBaseUrl } from '../api/base-url.js';
import { ConfigurationError } from '../api/errors.js';
import type { CallOptions, Credential } from '../api/resource.js';
import type { Credits } from '../api/resources/credits.js';
import type { Exports } from '../api/resources/export.js';
import type { Keys } from '../api/resources/keys.js';
import type { Usage } from '../api/resources/usage.js';
import { API_KEY_PREFIX } from '../api/schemas/values/auth.js';
import type { Identity } from '../api/schemas/identity.js';
import type { PaidJournal } from '../workflows/journal/journal.js';
import type { SdkHost } from './host.js';
import { checkJournalOption, openJournal, type PaidRunJournalOption } from './journal.js';
import { People } from './resources/people.js';
import { Companies } from './resources/companies.js';
import { Lists } from './resources/lists.js';
import { Enrichment } from './resources/enrichment.js';
import { Agents } from './resources/agents.js';
import { Sync } from './resources/sync.js';
import { Legacy } from './resources/legacy.js';

export interface ProspectOptions {
  /** An API key (svcapi_...). Default: PROSPECT_API_KEY. */
  apiKey?: string | undefined;
  /** The service, e.g. https://api.example.com (http only to a loopback host). Default: PROSPECT_BASE_URL. */
  baseUrl?: string | undefined;
  /** A session JWT, for client.keys only (key management takes no API key). Default: PROSPECT_JWT. */
  jwt?: string | undefined;
  /**
   * Retries after the first attempt, for 429 (after its Retry-After) and for 5xx and network
   * failures of requests that cannot charge twice. Default 3 (5 for 429).
   */
  maxRetries?: number;
  /** Longest wait for an answer, per attempt (default 60 s). */
  timeoutMs?: number;
  /** Told of every request, response and retry, with credentials redacted (for logging). */
  onTrace?: (event: TraceEvent) => void;
  /**
   * Where paid calls are written down as they go out (the paid-run journal), so each paid request
   * is paid once: identical paid calls made at once start one run (the later ones take the first
   * one's answer), and a call whose answer was lost (aborted after it went out, or cut off) is
   * resolved through its quote by the same call again instead of paid for twice.
   * - `'memory'` (default): this client's own journal, in memory: it covers this client's calls.
   * - `'shared'`: the files the CLI and the MCP server use (`paid-runs` in PROSPECT_DATA_DIR, else
   *   the CLI's default data dir): it covers other processes too, so a script and a CLI command
   *   with the same key and base URL never pay twice for one request (`prospect runs ls` lists it).
   * - `{ dataDir }`: the files of that data dir (as the CLI with PROSPECT_DATA_DIR=dataDir).
   *
   * A journal folder that cannot be written makes paid calls throw ConfigurationError before anything is sent.
   */
  paidRunJournal?: PaidRunJournalOption;
}

const env = (name: string): string | undefined => process.env[name] || undefined;

/**
 * The client of the service, in the manner of openai-node and stripe-node: one object with a
 * resource per area.
 *
 * ```ts
 * const client = new Prospect(); // PROSPECT_API_KEY and PROSPECT_BASE_URL
 * const page = await client.people.search({ filters: { seniority: ['Director'] }, limit: 10 });
 * for await (const lead of client.lists.leads(listId)) console.log(lead.email);
 * ```
 *
 * Requests are retried, paced under the rate limits the service announces, and traced with
 * credentials redacted. Failures are ApiError subclasses (AuthenticationError, CreditsError,
 * ...). Paid methods estimate first and spend only after `confirm` or within `maxCredits`, and
 * go through the client's paid-run journal (`paidRunJournal`), so each request is paid once.
 */
export class Prospect {
  readonly people: People;
  readonly companies: Companies;
  readonly lists: Lists;
  readonly enrichment: Enrichment;
  readonly agents: Agents;
  readonly sync: Sync;
  readonly exports: Exports;
  readonly credits: Credits;
  readonly keys: Keys;
  readonly usage: Usage;
  readonly legacy: Legacy;
  /** The service's URL as given. */
  readonly baseUrl: string;

  readonly #options: ProspectOptions;
  readonly #tokens: Record<Credential, string | undefined>;
  readonly #cores = new Map<Credential, Client>();
  readonly #journalOption: PaidRunJournalOption;
  #journal: PaidJournal | undefined;
  /** The api's areas as they are: the free areas themselves, and what the SDK's paid methods price and run workflows with. */
  readonly #api: Api;

  /** @throws ConfigurationError when there is no base URL, or no API key and no JWT, or the URL is unsafe, or paidRunJournal is not one of its forms. */
  constructor(options: ProspectOptions = {}) {
    const baseUrl = options.baseUrl ?? env('PROSPECT_BASE_URL');
    if (!baseUrl)
      throw new ConfigurationError(
        'no base URL for the service',
        'Pass baseUrl to new Prospect(), or set PROSPECT_BASE_URL (e.g. https://api.example.com).',
      );
    checkBaseUrl(baseUrl);
    this.baseUrl = baseUrl;
    this.#tokens = { key: options.apiKey ?? env('PROSPECT_API_KEY'), jwt: options.jwt ?? env('PROSPECT_JWT') };
    if (!this.#tokens.key && !this.#tokens.jwt)
      throw new ConfigurationError(
        'no API key',
        'Pass apiKey to new Prospect(), or set PROSPECT_API_KEY (a svcapi_ key; the sandbox prints one).',
      );
    this.#options = options;
    this.#journalOption = checkJournalOption(options.paidRunJournal);
    const host: SdkHost = { client: (credential) => this.#core(credential), journal: () => this.#paidJournal(), api: () => this.#api };
    this.#api = new Api(host);
    this.people = new People(host);
    this.companies = new Companies(host);
    this.lists = new Lists(host);
    this.enrichment = new Enrichment(host);
    this.agents = new Agents(host);
    this.sync = new Sync(host);
    this.exports = this.#api.exports;
    this.credits = this.#api.credits;
    this.keys = this.#api.keys;
    this.usage = this.#api.usage;
    this.legacy = new Legacy(host);
  }

  /** Who the API key belongs to: user, organization, plan and scopes. */
  async whoami(opts: CallOptions = {}): Promise<Identity> {
    return this.#api.identity.whoami(opts);
  }

  /** Closes pooled connections (idle ones do not keep the process alive either). */
  close(): void {
    for (const c of this.#cores.values()) c.close();
    this.#cores.clear();
  }

  /** The paid-run journal of this client, made on first use (paid calls take the API key). */
  #paidJournal(): PaidJournal {
    this.#journal ??= openJournal(this.#journalOption, this.#core('key'), this.#tokens.key ?? '');
    return this.#journal;
  }

  /** The core client of a credential, made on first use: one for the API key, one for the JWT. */
  #core(credential: Credential = 'key'): Client {
    const made = this.#cores.get(credential);
    if (made) return made;
    const token = this.#tokens[credential];
    if (credential === 'key' && !token)
      throw new ConfigurationError(
        'this call needs an API key, and only a JWT was given',
        'Pass apiKey to new Prospect(), or set PROSPECT_API_KEY.',
      );
    if (credential === 'jwt' && (!token || token.startsWith(API_KEY_PREFIX)))
      throw new ConfigurationError(
        token ? 'key management takes a session JWT, and an API key was given as jwt' : 'key management (client.keys) needs a session JWT',
        'Pass jwt to new Prospect(), or set PROSPECT_JWT (the sandbox mints one: prospect sandbox jwt).',
      );
    const o = this.#options;
    const retries = o.maxRetries;
    const client = new Client({
      baseUrl: this.baseUrl,
      token,
      ...(retries !== undefined ? { retry: { maxRetries: retries, maxRateLimitRetries: retries } } : {}),
      ...(o.timeoutMs !== undefined ? { readTimeoutMs: o.timeoutMs } : {}),
      ...(o.onTrace ? { onTrace: o.onTrace } : {}),
    });
    this.#cores.set(credential, client);
    return client;
  }
}
