import { Client } from '../api/client.js';
import { startSandbox as startServer } from './server.js';
import { controlClient, type ControlClient } from './control-client.js';
import type { FixturesInput } from './fixtures.js';
import type { ScenarioName } from './scenario-catalog.js';

/**
 * `prospect-cli/sandbox`: the local sandbox as a dependency of a test suite, as stripe-mock is
 * for Stripe's. `startSandbox()` runs it in this process on a free loopback port, in memory
 * (it writes no file unless `statePath` asks), with the demo organization, its key, and any
 * fixtures; `control` drives its test controls; `stop()` ends it.
 */

export { FixturesError, isFixturesError } from './fixtures-error.js';
export { FIXTURES_VERSION } from './fixtures.js';
export type { ControlClient, ControlCallOptions, ControlInput, ControlMethod } from './control-client.js';
export { CONTROL } from './control-endpoints.js';
export { SCENARIOS, SCENARIO_NAMES, type ScenarioName } from './scenario-catalog.js';

export interface SandboxOptions {
  /** Organizations, users, API keys, balances, plans, lists and leads to load (docs/sandbox-fixtures.md): an object or the path of a JSON file. Loaded again by every reset. */
  fixtures?: SandboxFixtures | string;
  /** Seed of the synthetic data set: the same seed gives the same people and companies. Default 42. */
  seed?: number;
  /** Size of the synthetic data set; default 50,000 people and 5,000 companies (about 0.3 s to generate). */
  dataset?: { people?: number; companies?: number };
  /** Port on 127.0.0.1; default 0, a free one. */
  port?: number;
  /** A state file: loaded when it exists, saved on changes and on stop. Default none: nothing is written. */
  statePath?: string;
  /** A snapshot to start from: a file saved by `prospect sandbox snapshot save` (or a state file), or `await sandbox.control.snapshot.save()`'s answer. Its clock goes on from its saved time. */
  snapshot?: string | SandboxSnapshot;
  /** A named scenario applied at start and again after every reset that names none (docs/sandbox-fixtures.md, "Scenarios"); an unknown name rejects. */
  scenario?: ScenarioName;
  /** false starts with rate limiting off (a reset keeps it off). Default true, as the service. */
  rateLimits?: boolean;
}

/** The whole sandbox state, as a snapshot or `--state` file holds it (JSON; the sandbox checks its outline when it loads it). */
export type SandboxSnapshot = { readonly format: 'prospect-sandbox-state'; readonly version: 1 } & Readonly<Record<string, unknown>>;

/** The fixtures format, version 1 (docs/sandbox-fixtures.md). */
export type SandboxFixtures = FixturesInput;

export interface Sandbox {
  /** The base URL, e.g. http://127.0.0.1:41234: PROSPECT_BASE_URL, or `baseUrl` of the SDK's client. */
  url: string;
  /** The demo organization owner's API key (5,000 credits, plan pro, every scope). */
  apiKey: string;
  /** A session JWT of the demo owner, for key management; valid 30 days of sandbox time. */
  jwt: string;
  /** The sandbox's test controls: clock, balance, plan, faults, outcomes, reset and the rest (see CONTROL). */
  control: ControlClient;
  /** Stops the sandbox and closes its connections; resolves when it is down. */
  stop(): Promise<void>;
}

const JWT_TTL_SEC = 30 * 24 * 3600;

/** Starts a sandbox in this process; a bad fixtures file or object rejects with a FixturesError naming the field. */
export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const server = await startServer({
    port: options.port ?? 0,
    ...(options.seed !== undefined ? { seed: options.seed } : {}),
    ...(options.dataset ? { dataset: options.dataset } : {}),
    ...(options.statePath !== undefined ? { statePath: options.statePath } : {}),
    ...(options.rateLimits !== undefined ? { rateLimits: options.rateLimits } : {}),
    ...(options.fixtures !== undefined ? { fixtures: options.fixtures } : {}),
    ...(options.scenario !== undefined ? { scenario: options.scenario } : {}),
    ...(options.snapshot !== undefined ? { snapshot: options.snapshot } : {}),
  });
  const client = new Client({ baseUrl: server.url });
  let stopping: Promise<void> | undefined;
  return {
    url: server.url,
    apiKey: server.demoKey,
    jwt: server.mintJwt(undefined, { ttlSec: JWT_TTL_SEC }),
    control: controlClient(client),
    stop() {
      stopping ??= (async () => {
        client.close();
        await server.close();
      })();
      return stopping;
    },
  };
}
