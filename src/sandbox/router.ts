import type { Endpoint, EndpointKind } from '../api/endpoints/endpoint.js';
import type { Scope } from '../api/schemas/auth.js';
import type { SearchCounter } from './engine/rate-limits.js';
import type { Handler } from './context.js';

export { PREFIXES as PREFIX } from '../api/prefixes.js';
export { MOUNTS, type HttpMethod } from '../api/endpoints/endpoint.js';
import { PREFIXES as PREFIX } from '../api/prefixes.js';
import { MOUNTS, type HttpMethod } from '../api/endpoints/endpoint.js';

export type RouteKind = EndpointKind;

/** A catalog entry and the handler that answers it. */
export interface CatalogRoute {
  endpoint: Endpoint;
  handler: Handler;
}

/** A route described in place (not yet moved into the catalog). */
export interface LegacyRouteDef {
  method: HttpMethod;
  /** Relative to the mount prefix; `:name` matches one path segment. */
  path: string;
  kind: RouteKind;
  /** The one scope a v2 route checks; null for whoami, v1-only, key-management and control routes. */
  scope: Scope | null;
  /** Rate-limit counters beyond plain requests (people search daily cap, partner monthly quota). */
  counts?: SearchCounter;
  /**
   * Plan gating (403 when the plan has no API access): 'keys' gates API-key calls only (default
   * for v2 and v1-only), 'always' sessions too, 'never' none (default for key management).
   */
  planGate?: 'keys' | 'always' | 'never';
  handler: Handler;
}

export type RouteDef = CatalogRoute | LegacyRouteDef;

/** What the pipeline reads of a route. */
export interface ResolvedRoute {
  method: HttpMethod;
  path: string;
  kind: RouteKind;
  scope: Scope | null;
  counts?: SearchCounter | undefined;
  planGate?: 'keys' | 'always' | 'never' | undefined;
  handler: Handler;
  /** The catalog entry, when the route has one. */
  endpoint?: Endpoint;
}

export function resolveRoute(def: RouteDef): ResolvedRoute {
  if (!('endpoint' in def)) return def;
  const e = def.endpoint;
  return { method: e.method, path: e.path, kind: e.kind, scope: e.scope, counts: e.counts, planGate: e.planGate, handler: def.handler, endpoint: e };
}

export interface CompiledRoute {
  def: ResolvedRoute;
  prefix: string;
  segments: string[];
  /** The path with `{name}` placeholders, without the prefix: what the request log records. */
  template: string;
}

export interface RouteMatch {
  route: CompiledRoute;
  params: Record<string, string>;
}

/** The API prefix a path sits under ('' for the root). */
export function prefixOf(pathname: string): string {
  for (const p of [PREFIX.keys, PREFIX.v1, PREFIX.v2, PREFIX.control]) {
    if (pathname === p || pathname.startsWith(`${p}/`)) return p;
  }
  return '';
}

function split(path: string): string[] {
  return path.split('/').filter((s) => s !== '');
}

export class Router {
  private readonly routes: CompiledRoute[] = [];

  constructor(defs: readonly RouteDef[]) {
    const seen = new Set<string>();
    for (const def of defs.map(resolveRoute)) {
      for (const prefix of MOUNTS[def.kind]) {
        const segments = split(def.path);
        const id = `${def.method} ${prefix}/${segments.map((s) => (s.startsWith(':') ? ':' : s)).join('/')}`;
        if (seen.has(id)) throw new Error(`duplicate sandbox route ${id}`);
        seen.add(id);
        const template = `/${segments.map((s) => (s.startsWith(':') ? `{${s.slice(1)}}` : s)).join('/')}`;
        this.routes.push({ def, prefix, segments, template });
      }
    }
    // Literal segments win over parameters (/lead-lists/folders before /lead-lists/:id).
    this.routes.sort((a, b) => specificity(b) - specificity(a));
  }

  match(method: string, pathname: string): RouteMatch | undefined {
    const prefix = prefixOf(pathname);
    const rest = split(pathname.slice(prefix.length));
    for (const route of this.routes) {
      if (route.prefix !== prefix || route.def.method !== method || route.segments.length !== rest.length) continue;
      const params: Record<string, string> = {};
      let ok = true;
      for (let i = 0; i < rest.length && ok; i++) {
        const seg = route.segments[i]!;
        const got = rest[i]!;
        if (seg.startsWith(':')) {
          try {
            params[seg.slice(1)] = decodeURIComponent(got);
          } catch {
            ok = false;
          }
        } else ok = seg === got;
      }
      if (ok) return { route, params };
    }
    return undefined;
  }
}

function specificity(r: CompiledRoute): number {
  return r.segments.reduce((n, s, i) => n + (s.startsWith(':') ? 0 : 2 ** (16 - Math.min(i, 16))), 0);
}
