import type { Endpoint } from '../api/endpoints/endpoint.js';
import type { Handler } from './context.js';

export { PREFIXES as PREFIX } from '../api/prefixes.js';
export { MOUNTS, type HttpMethod } from '../api/endpoints/endpoint.js';
import { PREFIXES as PREFIX } from '../api/prefixes.js';
import { MOUNTS } from '../api/endpoints/endpoint.js';

/** A catalog entry and the handler that answers it. */
export interface RouteDef {
  endpoint: Endpoint;
  handler: Handler;
}

export interface CompiledRoute {
  def: RouteDef;
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
    for (const def of defs) {
      const e = def.endpoint;
      for (const prefix of MOUNTS[e.kind]) {
        const segments = split(e.path);
        const id = `${e.method} ${prefix}/${segments.map((s) => (s.startsWith(':') ? ':' : s)).join('/')}`;
        if (seen.has(id)) throw new Error(`duplicate sandbox route ${id}`);
        seen.add(id);
        const template = `/${segments.map((s) => (s.startsWith(':') ? `{${s.slice(1)}}` : s)).join('/')}`;
        this.routes.push({ def, prefix, segments, template });
      }
    }
    // Literal segments win over parameters (/lead-lists/folders before /lead-lists/:id).
    this.routes.sort((a, b) => specificity(b) - specificity(a));
  }

  /** The route of a request; HEAD is answered wherever GET is (the same answer, its body left out by node:http). */
  match(method: string, pathname: string): RouteMatch | undefined {
    const wanted = method === 'HEAD' ? 'GET' : method;
    const prefix = prefixOf(pathname);
    const rest = split(pathname.slice(prefix.length));
    for (const route of this.routes) {
      if (route.prefix !== prefix || route.def.endpoint.method !== wanted || route.segments.length !== rest.length) continue;
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
