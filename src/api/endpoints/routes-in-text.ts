import { MOUNTS, type Endpoint } from './endpoint.js';
import { CATALOG } from './index.js';

/**
 * The routes a service text names ("look values up with GET /people/find/filters?field=titles"):
 * found, and matched to the catalog's paths, so a reader gets our words for them (the CLI a
 * prospect command, an AI assistant the MCP tool).
 */

/** An entry's path as the service's texts write it: v2 without its prefix, v1-only and key routes with theirs. */
export function textPath(e: Pick<Endpoint, 'path' | 'kind'>): string {
  const path = e.path.replace(/:(\w+)/g, '{$1}');
  return e.kind === 'v2' ? path : `${MOUNTS[e.kind][0]}${path}`;
}

/** A route as a text names it: `POST /lead-lists/{list_id}/leads`, `GET /people/find/filters?field=titles&query=<text>`. */
export interface NamedRoute {
  /** The words as they stand in the text. */
  text: string;
  method: string;
  /** The path, without the query. */
  path: string;
  query: Record<string, string>;
}

/** "METHOD /path" in a text; a bare "/path" right after "or" shares the method before it ("POST /migrate/crm or /migrate/sequencer"). */
const ROUTE_IN_TEXT = /\b(GET|POST|PUT|PATCH|DELETE|HEAD) (\/[^\s,;)"']*)((?: or \/[^\s,;)"']*)*)/g;

/** Every route a text names, in order. */
export function routesNamedIn(text: string): NamedRoute[] {
  const found: NamedRoute[] = [];
  for (const m of text.matchAll(ROUTE_IN_TEXT)) {
    const method = m[1]!;
    const first = `${method} ${m[2]!}`;
    found.push(parseRoute(first, method, m[2]!));
    for (const alt of (m[3] ?? '').split(' or ').filter(Boolean)) found.push(parseRoute(`or ${alt}`, method, alt));
  }
  return found;
}

function parseRoute(text: string, method: string, target: string): NamedRoute {
  const cleaned = target.replace(/[.:]+$/, '');
  const [path = '', search = ''] = cleaned.split('?');
  const query: Record<string, string> = {};
  for (const [k, v] of new URLSearchParams(search)) query[k] = v;
  return { text: text.replace(/[.:]+$/, ''), method, path: path.replace(/\/+$/, '') || '/', query };
}

/** The first of `routes` (method and text path, parameters in braces) that a method and path fit, and the parameters the path holds. */
export function matchRoute<R extends { method: string; path: string }>(
  routes: readonly R[],
  method: string,
  path: string,
): { route: R; params: Record<string, string> } | undefined {
  const parts = path.split('/');
  for (const route of routes) {
    if (route.method !== method.toUpperCase()) continue;
    const tmpl = route.path.split('/');
    if (tmpl.length !== parts.length) continue;
    const params: Record<string, string> = {};
    const fits = tmpl.every((t, i) => {
      const name = /^\{(\w+)\}$/.exec(t)?.[1];
      if (name === undefined) return t === parts[i];
      params[name] = decodeURIComponent(parts[i]!);
      return parts[i] !== '';
    });
    if (fits) return { route, params };
  }
  return undefined;
}

/** The entries a client sends (not the host-root pages or the sandbox's test controls): those the service's texts name. */
export function sentEntries(): Endpoint[] {
  return CATALOG.filter((e) => e.kind !== 'root' && e.kind !== 'control');
}

let sent: Array<{ method: string; path: string; entry: Endpoint }> | undefined;

/** The entry a route of a text names, and the parameters its path holds; undefined for a route of no entry. */
export function entryNamed(method: string, path: string): { entry: Endpoint; params: Record<string, string> } | undefined {
  sent ??= sentEntries().map((e) => ({ method: e.method, path: textPath(e), entry: e }));
  const hit = matchRoute(sent, method, path);
  return hit && { entry: hit.route.entry, params: hit.params };
}

/** A value still to be filled in ({list_id}, <text>, ...): not a value to run with. */
export const PLACEHOLDER = /^[{<].*[}>]$|\.\.\./;
