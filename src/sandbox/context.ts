import type { IncomingHttpHeaders } from 'node:http';
import type { SandboxState, Store } from './store.js';
import type { SandboxClock } from './engine/clock.js';
import type { Faults } from './engine/faults.js';
import type { RateLimiter } from './engine/rate-limits.js';
import type { RequestLog } from './engine/request-log.js';
import type { Principal } from './engine/auth.js';
import type { Dataset } from './data/dataset.js';
import { genericError } from './engine/errors.js';
import type { ScenarioName } from './scenario-catalog.js';

export interface MintJwtOptions {
  client?: 'connector';
  /** Default 3600. */
  ttlSec?: number;
  /** Default: the user's first organization. */
  organizationId?: string;
}

/** What every handler can reach: the state and the engines working on it. */
export interface SandboxServices {
  readonly store: Store;
  readonly clock: SandboxClock;
  readonly faults: Faults;
  /** Over the store's current counters (a reset replaces them). */
  readonly limiter: RateLimiter;
  /** Whether rate limits apply (a control switches them; a reset restores the server's start setting). */
  rateLimitsEnabled: boolean;
  /** Length of the per-minute rate-limit windows (60 s unless a benchmark shortens them). */
  rateWindowMs: number;
  readonly requestLog: RequestLog;
  /** The synthetic data set of the store's seed and size: generated on first use, kept until a reset changes either. */
  readonly dataset: Dataset;
  /** Whether the data set has been generated (reading `dataset` would generate it). */
  readonly datasetReady: boolean;
  /** http://127.0.0.1:PORT once listening. */
  readonly url: string;
  mintJwt(userIdOrEmail?: string, opts?: MintJwtOptions): { token: string; user_id: string; organization_id: string; expires_at: string };
  /** Back to the seeded data set (same demo key and JWT secret), clock, counters and faults cleared. */
  reset(seed?: number, scenario?: ScenarioName): void;
  /** Replaces the whole state with a snapshot's, its clock included; faults and pending webhook deliveries cleared. */
  load(state: SandboxState): void;
  /** The whole state as a state file holds it, rate-limit windows that are over left out. */
  snapshot(): SandboxState;
}

/** A response with a status other than 200 or extra headers. */
export class Reply {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
  ) {}
}

export const reply = (body: unknown, status = 200, headers?: Record<string, string>): Reply => new Reply(status, body, headers);

export class RequestContext {
  /** Credits reserved by this request; recorded in the request log row. */
  creditsSpent = 0;

  constructor(
    readonly services: SandboxServices,
    readonly requestId: string,
    readonly method: string,
    readonly path: string,
    readonly params: Record<string, string>,
    readonly query: URLSearchParams,
    readonly headers: IncomingHttpHeaders,
    /** The parsed JSON body (undefined when empty; the text when its content type is not JSON). */
    readonly body: unknown,
    readonly rawBody: Buffer,
    readonly principal: Principal | null,
  ) {}

  get store(): Store {
    return this.services.store;
  }

  get clock(): SandboxClock {
    return this.services.clock;
  }

  /** The authenticated caller; every v2, v1-only and key-management handler has one. */
  get caller(): Principal {
    if (!this.principal) throw genericError(500, 'INTERNAL_ERROR', 'route has no authenticated caller');
    return this.principal;
  }
}

/** A handler returns a Reply, or a body answered with 200. */
export type Handler = (ctx: RequestContext) => unknown;
