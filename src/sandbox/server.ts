import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Store, type SandboxState } from './store.js';
import { Router, type RouteDef } from './router.js';
import * as routeModules from './routes/all.js';
import { SandboxClock } from './engine/clock.js';
import { Faults } from './engine/faults.js';
import { RateLimiter } from './engine/rate-limits.js';
import { MINUTE_MS } from '../api/schemas/limits.js';
import { RequestLog } from './engine/request-log.js';
import { JWT_ISSUER, signJwt } from './engine/jwt.js';
import { createRequestHandler } from './pipeline.js';
import { checkState, DebouncedSaver, loadStateFile, readSnapshotFile, saveStateFile } from './state-file.js';
import type { MintJwtOptions, SandboxServices } from './context.js';
import { DEFAULT_SEED } from './defaults.js';
import { DEFAULT_DATASET_SIZE, type Dataset, type DatasetSize } from './data/dataset.js';
import { generateDataset } from './data/index.js';
import { settleRuns } from './engine/settle.js';
import { cancelWebhookDeliveries } from './engine/webhooks.js';
import { resolveFixtures, type FixturesInput } from './fixtures.js';
import { loadFixtures } from './fixtures-load.js';
import { applyScenario } from './scenarios.js';
import { isScenarioName, unknownScenario, type ScenarioName } from './scenario-catalog.js';

/** How often running workflows are checked for their end. */
const WORKFLOW_TICK_MS = 250;

export interface StartSandboxOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Seed of the data set, default 42; a loaded state file keeps its own. */
  seed?: number;
  /** Size of the data set (default DEFAULT_DATASET_SIZE); a loaded state file that records one keeps its own. */
  dataset?: Partial<DatasetSize>;
  /** Snapshot file: loaded when it exists, saved after changes and on close. */
  statePath?: string;
  /** A snapshot to start from (its file, or the state itself), taken before statePath's file; only read. */
  snapshot?: string | object;
  /** false starts with rate limiting switched off (benchmarks, bulk scripts); a reset comes back to this. Default true. */
  rateLimits?: boolean;
  /**
   * Organizations, users, keys, lists and leads loaded beside the demo data (an object, or the
   * path of a JSON file): at start, unless a state file was loaded, and again after every reset.
   */
  fixtures?: FixturesInput | string;
  /** A named scenario (scenario-catalog.ts) applied at start, unless a state was loaded, and again after every reset that names none. */
  scenario?: ScenarioName;
  /** Routes mounted beside the built-in ones (tests of the pipeline, areas under development). */
  extraRoutes?: RouteDef[];
  /** Every 2xx answer parsed with the schema its entry names, a 500 naming both otherwise (the test suite's sandboxes). Default false. */
  checkAnswers?: boolean;
}

export interface RunningSandbox {
  /** http://127.0.0.1:PORT */
  url: string;
  port: number;
  /** The demo organization owner's API key. */
  demoKey: string;
  store: Store;
  services: SandboxServices;
  /** A session JWT (or, with client 'connector', an OAuth connector token) for a user (default: the demo owner). */
  mintJwt(userIdOrEmail?: string, opts?: MintJwtOptions): string;
  close(): Promise<void>;
}

export { DEFAULT_SEED };
export const DEFAULT_JWT_TTL_SEC = 3600;

export async function startSandbox(opts: StartSandboxOptions = {}): Promise<RunningSandbox> {
  const host = opts.host ?? '127.0.0.1';
  // Read and checked before anything starts: a bad file leaves no server behind.
  const fixtures = opts.fixtures === undefined ? undefined : resolveFixtures(opts.fixtures);
  const fixturesSource = typeof opts.fixtures === 'string' ? opts.fixtures : 'fixtures';
  if (opts.scenario !== undefined && !isScenarioName(opts.scenario)) throw new Error(unknownScenario(opts.scenario));
  const clock = new SandboxClock();
  const loaded = opts.snapshot !== undefined ? startingSnapshot(opts.snapshot) : opts.statePath ? loadStateFile(opts.statePath) : null;
  const store = loaded ? new Store(loaded, clock) : Store.seeded(opts.seed ?? DEFAULT_SEED, clock);
  // A saved state carries its clock too.
  if (loaded) store.load(loaded);
  store.state.dataset_size ??= {
    people: opts.dataset?.people ?? DEFAULT_DATASET_SIZE.people,
    companies: opts.dataset?.companies ?? DEFAULT_DATASET_SIZE.companies,
  };
  let dataset: Dataset | undefined;
  const faults = new Faults();
  let url = '';

  const mint: SandboxServices['mintJwt'] = (userIdOrEmail, o = {}) => {
    const user = store.findUser(userIdOrEmail ?? store.demo.user_id);
    if (!user) throw new Error(`unknown sandbox user ${userIdOrEmail}`);
    const orgId = o.organizationId ?? store.membershipsOf(user.id)[0]?.organization_id;
    if (!orgId || !store.membership(user.id, orgId)) throw new Error(`user ${user.id} has no organization ${orgId ?? ''}`);
    const iat = Math.floor(clock.now() / 1000);
    const exp = iat + (o.ttlSec ?? DEFAULT_JWT_TTL_SEC);
    const token = signJwt(
      { iss: JWT_ISSUER, sub: user.id, org: orgId, iat, exp, ...(o.client ? { client: o.client } : {}) },
      store.state.jwt_secret,
    );
    return { token, user_id: user.id, organization_id: orgId, expires_at: new Date(exp * 1000).toISOString() };
  };

  const services: SandboxServices = {
    store,
    clock,
    faults,
    rateLimitsEnabled: opts.rateLimits ?? true,
    rateWindowMs: MINUTE_MS,
    get limiter() {
      return new RateLimiter(store.state.rate_counters, services.rateLimitsEnabled, services.rateWindowMs);
    },
    get requestLog() {
      return new RequestLog(store.state.request_log);
    },
    get url() {
      return url;
    },
    get dataset() {
      const seed = store.seed;
      const size = store.state.dataset_size ?? DEFAULT_DATASET_SIZE;
      if (!dataset || dataset.seed !== seed || dataset.size.people !== size.people || dataset.size.companies !== size.companies)
        dataset = generateDataset(seed, size);
      return dataset;
    },
    get datasetReady() {
      return dataset !== undefined;
    },
    mintJwt: mint,
    reset(seed, scenario = opts.scenario) {
      clock.frozen = false;
      clock.offsetMs = 0;
      faults.clear();
      services.rateLimitsEnabled = opts.rateLimits ?? true;
      services.rateWindowMs = MINUTE_MS;
      cancelWebhookDeliveries(services);
      store.reset(seed);
      if (fixtures) loadFixtures(services, fixtures, fixturesSource);
      if (scenario) applyScenario(services, scenario);
    },
    load(state) {
      faults.clear();
      cancelWebhookDeliveries(services);
      store.load(state);
    },
    snapshot() {
      services.limiter.prune(clock.now());
      return store.snapshot();
    },
  };
  if (fixtures && !loaded) loadFixtures(services, fixtures, fixturesSource);

  const statePath = opts.statePath;
  const saver = statePath ? new DebouncedSaver(() => saveStateFile(statePath, services.snapshot())) : undefined;
  // A new state file exists from the first start, so the demo key survives a crash. Saved
  // before listening: a file that cannot be written leaves no server behind.
  saver?.flush(true);
  const router = new Router([...Object.values(routeModules).flat(), ...(opts.extraRoutes ?? [])]);
  // Aborted on close: requests held by a latency fault end at once instead of keeping timers (up to 2 min) alive.
  const stopRequests = new AbortController();
  const server = http.createServer(
    createRequestHandler(
      services,
      router,
      (mutating) => {
        if (mutating) saver?.schedule();
      },
      stopRequests.signal,
      opts.checkAnswers,
    ),
  );
  // Longer than common client pools keep idle sockets, so a reused socket is never closed under a request.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  // After listening: the expired-links scenario makes a download link, which needs the URL.
  if (opts.scenario && !loaded) {
    applyScenario(services, opts.scenario);
    saver?.schedule();
  }

  // Runs end on the sandbox clock even when nobody polls (leads fill in, webhooks go out).
  const ticker = setInterval(() => {
    try {
      settleRuns(services);
    } catch (e) {
      process.stderr.write(`sandbox: settling workflows failed: ${(e as Error)?.stack ?? String(e)}\n`);
    }
  }, WORKFLOW_TICK_MS);
  ticker.unref();

  let closing: Promise<void> | undefined;
  // Generated once listening, so the first search does not wait for it.
  setImmediate(() => {
    if (closing) return;
    try {
      void services.dataset;
    } catch (e) {
      process.stderr.write(`sandbox: could not generate the data set: ${(e as Error)?.stack ?? String(e)}\n`);
    }
  });
  return {
    url,
    port,
    get demoKey() {
      return store.demo.api_key;
    },
    store,
    services,
    mintJwt: (u, o) => mint(u, o).token,
    close() {
      closing ??= new Promise<void>((resolve) => {
        clearInterval(ticker);
        cancelWebhookDeliveries(services);
        stopRequests.abort();
        server.close(() => resolve());
        server.closeAllConnections();
      }).then(() => saver?.close());
      return closing;
    },
  };
}

/** The snapshot of the `snapshot` option: read from its file, or a copy of the object (the sandbox changes its state in place). */
function startingSnapshot(snapshot: string | object): SandboxState {
  return typeof snapshot === 'string' ? readSnapshotFile(snapshot) : checkState(structuredClone(snapshot), 'snapshot');
}
