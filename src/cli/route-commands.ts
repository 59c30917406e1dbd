import { API } from '../api/endpoints/index.js';
import type { Endpoint } from '../api/endpoints/endpoint.js';
import { matchRoute, PLACEHOLDER, sentEntries, textPath, type NamedRoute } from '../api/endpoints/routes-in-text.js';

export { routesNamedIn, textPath, type NamedRoute } from '../api/endpoints/routes-in-text.js';

/**
 * The service's routes and the prospect command that does what each does. The service's
 * hints and error fixes name routes ("Find the company with POST /search/companies"); a
 * person reads the command instead. A route's path is written as the service's texts write
 * it: v2 routes without their /api/v2 prefix, v1 and key routes with theirs.
 */
export interface RouteCommand {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The path template, parameters in braces: /lead-lists/{list_id}/leads. */
  path: string;
  /** The command that does it: its words after `prospect`, as the command table names it; null when none does. */
  command: string | null;
  /**
   * The words after the command that make it run as the route would, from the route's path and
   * query parameters. Absent when the command needs more than the route names (a filter, a
   * name, a confirmation): the route then maps to the command, but to no runnable line.
   */
  args?: (p: Readonly<Record<string, string>>) => string[] | undefined;
}

type CommandOf = Pick<RouteCommand, 'command' | 'args'>;

const none = () => [];
const param = (name: string) => (p: Readonly<Record<string, string>>) => (p[name] ? [p[name]] : undefined);

/** The command of each catalog entry a client sends (every one but the host-root pages). */
const COMMANDS = new Map<Endpoint, CommandOf>([
  [API.identity.whoami, { command: 'whoami', args: none }],
  [API.identity.validateKey, { command: 'whoami', args: none }],
  [API.usage.get, { command: 'usage', args: none }],
  [API.credits.balance, { command: 'credits balance', args: none }],
  [API.credits.estimate, { command: 'credits estimate' }],
  // Search.
  [API.people.search, { command: 'search people' }],
  [API.people.compile, { command: 'search people compile' }],
  [API.people.filterValues, { command: 'search people filters', args: filterLookup }],
  [API.people.findAtCompanies, { command: 'search people at-companies' }],
  [
    API.people.findAtCompaniesStatus,
    { command: 'search people at-companies', args: (p) => (p.task_id ? ['--task', p.task_id] : undefined) },
  ],
  [API.companies.search, { command: 'search companies' }],
  [API.companies.filterValues, { command: 'search companies filters', args: filterLookup }],
  [API.companies.similar, { command: 'search companies similar' }],
  // Lists and folders.
  [API.lists.list, { command: 'lists ls', args: none }],
  [API.lists.create, { command: 'lists create' }],
  [API.lists.get, { command: 'lists get', args: param('list_id') }],
  [API.lists.update, { command: 'lists update' }],
  [API.lists.delete, { command: 'lists rm' }],
  [API.lists.leads, { command: 'lists leads', args: param('list_id') }],
  [API.lists.addLeads, { command: 'lists add' }],
  [API.lists.removeLeads, { command: 'lists remove' }],
  [API.lists.findPeople, { command: 'lists find-people' }],
  [
    API.lists.findPeopleStatus,
    { command: 'lists find-people', args: (p) => (p.list_id && p.workflow_id ? [p.list_id, '--workflow', p.workflow_id] : undefined) },
  ],
  [API.lists.importCsv, { command: 'import' }],
  [API.folders.create, { command: 'folders create' }],
  // Enrichment and agents.
  [API.enrichment.person, { command: 'enrich person' }],
  [API.enrichment.company, { command: 'enrich company' }],
  [API.enrichment.byTask, { command: 'enrich cohort' }],
  [API.enrichment.bulk, { command: 'enrich list' }],
  [API.enrichment.status, { command: 'enrich status', args: param('workflow_id') }],
  [API.legacy.bulkEnrich, { command: 'enrich legacy-bulk' }],
  [
    API.legacy.status,
    {
      command: 'enrich legacy-status',
      args: (p) => (p.workflow_id ? ['--workflow', p.workflow_id] : p.task_id ? ['--task', p.task_id] : undefined),
    },
  ],
  [API.legacy.webhookDeliveries, { command: 'webhooks deliveries', args: param('workflow_id') }],
  [API.agents.run, { command: 'agents run' }],
  [API.agents.list, { command: 'agents ls', args: none }],
  [API.agents.results, { command: 'agents results', args: param('smart_agent_task_id') }],
  // Sync: the preview and the campaign list are the first steps of sync crm and sync sequencer.
  [API.sync.preview, { command: 'sync crm' }],
  [API.sync.crm, { command: 'sync crm' }],
  [API.sync.sequencer, { command: 'sync sequencer' }],
  [API.sync.campaigns, { command: 'sync sequencer' }],
  // The CRM connections are set up and shown in the application (Settings > Integrations).
  [API.sync.connections, { command: null }],
  // Export.
  [API.exports.csvLink, { command: 'export csv' }],
  [API.exports.json, { command: 'export json', args: param('list_id') }],
  // API keys: the v2 listing (an admin's API key) and key management (a session JWT).
  [API.keys.listV2, { command: 'keys ls', args: none }],
  [API.keys.list, { command: 'keys ls', args: none }],
  [API.keys.create, { command: 'keys create' }],
  [API.keys.revokeAll, { command: 'keys revoke-all' }],
  [API.keys.revoke, { command: 'keys revoke' }],
  [API.keys.requests, { command: 'keys requests', args: param('key_id') }],
]);

/** Every entry a client sends and the command that does the same (the sandbox's pages and controls are not sent by commands). */
export const ROUTE_COMMANDS: readonly RouteCommand[] = sentEntries().map((e) => {
  const of = COMMANDS.get(e);
  if (!of) throw new Error(`route-commands: no command for ${e.id}`);
  return { method: e.method, path: textPath(e), ...of };
});

/** `search people filters FIELD QUERY` from ?field=&query=. */
function filterLookup(p: Readonly<Record<string, string>>): string[] | undefined {
  if (!p.field) return undefined;
  return p.query ? [p.field, p.query] : [p.field];
}

/** The table's entry for a route and the parameters its path holds; undefined for a route the table does not know. */
export function routeCommand(method: string, path: string): { entry: RouteCommand; params: Record<string, string> } | undefined {
  const hit = matchRoute(ROUTE_COMMANDS, method, path);
  return hit && { entry: hit.route, params: hit.params };
}

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
