import { PREFIXES, type Prefix } from '../api/prefixes.js';

/**
 * The service's routes and the prospect command that does what each does. The service's
 * hints and error fixes name routes ("Find the company with POST /search/companies"); a
 * person reads the command instead. A route's path is written as the service's texts write
 * it: v2 routes without their /api/v2 prefix, v1 and key routes with theirs.
 */
export interface RouteCommand {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** The path template, parameters in braces: /lead-lists/{list_id}/leads. */
  path: string;
  /** The command that does it: its words after `prospect`, as the command registry names it; null when none does. */
  command: string | null;
  /**
   * The words after the command that make it run as the route would, from the route's path and
   * query parameters. Absent when the command needs more than the route names (a filter, a
   * name, a confirmation): the route then maps to the command, but to no runnable line.
   */
  args?: (p: Readonly<Record<string, string>>) => string[] | undefined;
}

const none = () => [];
const param = (name: string) => (p: Readonly<Record<string, string>>) => (p[name] ? [p[name]] : undefined);

export const ROUTE_COMMANDS: readonly RouteCommand[] = [
  { method: 'GET', path: '/whoami', command: 'whoami', args: none },
  { method: 'GET', path: '/api/v1/public/auth/validate-key', command: 'whoami', args: none },
  { method: 'GET', path: '/usage', command: 'usage', args: none },
  { method: 'GET', path: '/credits/balance', command: 'credits balance', args: none },
  { method: 'POST', path: '/credits/estimate', command: 'credits estimate' },
  // Search.
  { method: 'POST', path: '/people/find', command: 'search people' },
  { method: 'POST', path: '/people/find/compile', command: 'search people compile' },
  { method: 'GET', path: '/people/find/filters', command: 'search people filters', args: filterLookup },
  { method: 'POST', path: '/people/find-at-companies', command: 'search people at-companies' },
  { method: 'GET', path: '/people/find-at-companies/status/{task_id}', command: 'search people at-companies', args: (p) => (p.task_id ? ['--task', p.task_id] : undefined) },
  { method: 'POST', path: '/search/companies', command: 'search companies' },
  { method: 'GET', path: '/search/companies/filters', command: 'search companies filters', args: filterLookup },
  { method: 'POST', path: '/search/companies/similar', command: 'search companies similar' },
  // Lists and folders.
  { method: 'GET', path: '/lead-lists', command: 'lists ls', args: none },
  { method: 'POST', path: '/lead-lists', command: 'lists create' },
  { method: 'GET', path: '/lead-lists/{list_id}', command: 'lists get', args: param('list_id') },
  { method: 'PATCH', path: '/lead-lists/{list_id}', command: 'lists update' },
  { method: 'DELETE', path: '/lead-lists/{list_id}', command: 'lists rm' },
  { method: 'GET', path: '/lead-lists/{list_id}/leads', command: 'lists leads', args: param('list_id') },
  { method: 'POST', path: '/lead-lists/{list_id}/leads', command: 'lists add' },
  { method: 'DELETE', path: '/lead-lists/{list_id}/leads', command: 'lists remove' },
  { method: 'POST', path: '/lead-lists/{list_id}/find-people', command: 'lists find-people' },
  {
    method: 'GET',
    path: '/lead-lists/{list_id}/find-people/status/{workflow_id}',
    command: 'lists find-people',
    args: (p) => (p.list_id && p.workflow_id ? [p.list_id, '--workflow', p.workflow_id] : undefined),
  },
  { method: 'POST', path: '/lead-lists/{list_id}/csv-import', command: 'import' },
  { method: 'POST', path: '/api/v1/public/folders', command: 'folders create' },
  // Enrichment and agents.
  { method: 'POST', path: '/enrichment/person', command: 'enrich person' },
  { method: 'POST', path: '/enrichment/company', command: 'enrich company' },
  { method: 'POST', path: '/enrichment/by-task', command: 'enrich cohort' },
  { method: 'POST', path: '/enrichment/bulk', command: 'enrich list' },
  { method: 'GET', path: '/enrichment/status/{workflow_id}', command: 'enrich status', args: param('workflow_id') },
  { method: 'POST', path: '/api/v1/public/enrich/bulk', command: 'enrich legacy-bulk' },
  {
    method: 'GET',
    path: '/api/v1/public/enrich/status',
    command: 'enrich legacy-status',
    args: (p) => (p.workflow_id ? ['--workflow', p.workflow_id] : p.task_id ? ['--task', p.task_id] : undefined),
  },
  { method: 'GET', path: '/api/v1/public/webhooks/deliveries', command: 'webhooks deliveries', args: param('workflow_id') },
  { method: 'POST', path: '/smart-agents/run', command: 'agents run' },
  { method: 'GET', path: '/smart-agents', command: 'agents ls', args: none },
  { method: 'GET', path: '/smart-agents/{smart_agent_task_id}', command: 'agents results', args: param('smart_agent_task_id') },
  // Sync: the preview and the campaign list are the first steps of sync crm and sync sequencer.
  { method: 'POST', path: '/migrate/preview', command: 'sync crm' },
  { method: 'POST', path: '/migrate/crm', command: 'sync crm' },
  { method: 'POST', path: '/migrate/sequencer', command: 'sync sequencer' },
  { method: 'GET', path: '/migrate/sequencer/campaigns', command: 'sync sequencer' },
  // The CRM connections are set up and shown in the application (Settings > Integrations).
  { method: 'GET', path: '/migrate/crm/connections', command: null },
  // Export.
  { method: 'POST', path: '/export/csv/signed-url', command: 'export csv' },
  { method: 'GET', path: '/export/json', command: 'export json', args: param('list_id') },
  // API keys: the v2 listing (an admin's API key) and key management (a session JWT).
  { method: 'GET', path: '/api-keys', command: 'keys ls', args: none },
  { method: 'GET', path: '/api/v1/api-keys', command: 'keys ls', args: none },
  { method: 'POST', path: '/api/v1/api-keys', command: 'keys create' },
  { method: 'POST', path: '/api/v1/api-keys/revoke-all', command: 'keys revoke-all' },
  { method: 'POST', path: '/api/v1/api-keys/{key_id}/revoke', command: 'keys revoke' },
  { method: 'GET', path: '/api/v1/api-keys/{key_id}/requests', command: 'keys requests', args: param('key_id') },
];

/** `search people filters FIELD QUERY` from ?field=&query=. */
function filterLookup(p: Readonly<Record<string, string>>): string[] | undefined {
  if (!p.field) return undefined;
  return p.query ? [p.field, p.query] : [p.field];
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

/** The table's entry for a route and the parameters its path holds; undefined for a route the table does not know. */
export function routeCommand(method: string, path: string): { entry: RouteCommand; params: Record<string, string> } | undefined {
  const parts = path.split('/');
  for (const entry of ROUTE_COMMANDS) {
    if (entry.method !== method.toUpperCase()) continue;
    const tmpl = entry.path.split('/');
    if (tmpl.length !== parts.length) continue;
    const params: Record<string, string> = {};
    const fits = tmpl.every((t, i) => {
      const name = /^\{(\w+)\}$/.exec(t)?.[1];
      if (name === undefined) return t === parts[i];
      params[name] = decodeURIComponent(parts[i]!);
      return parts[i] !== '';
    });
    if (fits) return { entry, params };
  }
  return undefined;
}

/** A route as the table writes it, from how a client sent it: the v2 prefix left off, others kept. */
export function routePath(prefix: Prefix, path: string): string {
  const p = path.startsWith('/') ? path : `/${path}`;
  return prefix === 'v2' ? p : `${PREFIXES[prefix]}${p}`;
}

/** A value still to be filled in ({list_id}, <text>, ...): not a value a command can run with. */
const PLACEHOLDER = /^[{<].*[}>]$|\.\.\./;

/**
 * The command words that do what a route names, ready to run: the command and the words its
 * path and query give. Undefined when the route is not in the table, its command needs more
 * than the route names, or a value is still a placeholder.
 */
export function runnableWords(route: Pick<NamedRoute, 'method' | 'path' | 'query'>): string[] | undefined {
  const hit = routeCommand(route.method, route.path);
  if (!hit?.entry.args || hit.entry.command === null) return undefined;
  const values = { ...route.query, ...hit.params };
  if (Object.values(values).some((v) => PLACEHOLDER.test(v))) return undefined;
  const args = hit.entry.args(values);
  return args && [...hit.entry.command.split(' '), ...args];
}

/** The commands that send a route, any method: a usage row by tool names its endpoint template only. */
export function commandsOfTemplate(path: string): string[] {
  const commands = ROUTE_COMMANDS.filter((e) => e.path === path && e.command !== null).map((e) => e.command as string);
  return [...new Set(commands)];
}
