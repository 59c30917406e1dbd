/**
 * Every command module, each behind its own lazy import: in the core bundle a module runs only
 * when its command is loaded to run or to show its help; --help alone runs none of them.
 */
import type { CommandDefinition } from '../cli/command.js';
import type { CommandSet } from '../cli/command-set.js';
import { COMMANDS, GROUPS } from './registry.js';

/** Each command's module, behind its own import: running one command initializes no other. */
const loaders: Record<string, () => Promise<{ command: CommandDefinition<any> }>> = {
  'whoami': () => import('./whoami/whoami.js'),
  'search people': () => import('./search/people.js'),
  'search people compile': () => import('./search/people-compile.js'),
  'search people filters': () => import('./search/people-filters.js'),
  'search people at-companies': () => import('./search/people-at-companies.js'),
  'search companies': () => import('./search/companies.js'),
  'search companies filters': () => import('./search/companies-filters.js'),
  'search companies similar': () => import('./search/companies-similar.js'),
  'lists ls': () => import('./lists/ls.js'),
  'lists create': () => import('./lists/create.js'),
  'lists get': () => import('./lists/get.js'),
  'lists update': () => import('./lists/update.js'),
  'lists rm': () => import('./lists/rm.js'),
  'lists leads': () => import('./lists/leads.js'),
  'lists add': () => import('./lists/add.js'),
  'lists remove': () => import('./lists/remove.js'),
  'lists find-people': () => import('./lists/find-people.js'),
  'import': () => import('./import/import.js'),
  'folders create': () => import('./folders/create.js'),
  'credits balance': () => import('./credits/balance.js'),
  'credits estimate': () => import('./credits/estimate.js'),
  'enrich person': () => import('./enrich/person.js'),
  'enrich company': () => import('./enrich/company.js'),
  'enrich cohort': () => import('./enrich/cohort.js'),
  'enrich list': () => import('./enrich/list.js'),
  'enrich status': () => import('./enrich/status.js'),
  'enrich legacy-bulk': () => import('./enrich/legacy-bulk.js'),
  'enrich legacy-status': () => import('./enrich/legacy-status.js'),
  'webhooks deliveries': () => import('./webhooks/deliveries.js'),
  'auth login': () => import('./auth/login.js'),
  'auth status': () => import('./auth/status.js'),
  'auth logout': () => import('./auth/logout.js'),
  'auth migrate': () => import('./auth/migrate.js'),
  'config get': () => import('./config/get.js'),
  'config set': () => import('./config/set.js'),
  'config ls': () => import('./config/ls.js'),
  'config unset': () => import('./config/unset.js'),
  'config rm-profile': () => import('./config/rm-profile.js'),
  'api': () => import('./api/api.js'),
  'sandbox serve': () => import('./sandbox/serve.js'),
  'sandbox start': () => import('./sandbox/start.js'),
  'sandbox stop': () => import('./sandbox/stop.js'),
  'sandbox status': () => import('./sandbox/status.js'),
  'sandbox reset': () => import('./sandbox/reset.js'),
  'sandbox jwt': () => import('./sandbox/jwt.js'),
  'sandbox faults add': () => import('./sandbox/faults-add.js'),
  'sandbox faults ls': () => import('./sandbox/faults-ls.js'),
  'sandbox faults clear': () => import('./sandbox/faults-clear.js'),
  'sandbox clock advance': () => import('./sandbox/clock-advance.js'),
  'sandbox clock set': () => import('./sandbox/clock-set.js'),
  'sandbox clock freeze': () => import('./sandbox/clock-freeze.js'),
  'sandbox clock unfreeze': () => import('./sandbox/clock-unfreeze.js'),
  'sandbox snapshot save': () => import('./sandbox/snapshot-save.js'),
  'sandbox snapshot load': () => import('./sandbox/snapshot-load.js'),
  'agents run': () => import('./agents/run.js'),
  'agents ls': () => import('./agents/ls.js'),
  'agents results': () => import('./agents/results.js'),
  'sync crm': () => import('./sync/crm.js'),
  'sync sequencer': () => import('./sync/sequencer.js'),
  'runs ls': () => import('./runs/ls.js'),
  'export csv': () => import('./export/csv.js'),
  'export json': () => import('./export/json.js'),
  'mcp': () => import('./mcp/mcp.js'),
  'mcp config': () => import('./mcp/config.js'),
  'demo': () => import('./demo/demo.js'),
  'keys create': () => import('./keys/create.js'),
  'keys ls': () => import('./keys/ls.js'),
  'keys revoke': () => import('./keys/revoke.js'),
  'keys revoke-all': () => import('./keys/revoke-all.js'),
  'keys requests': () => import('./keys/requests.js'),
  'usage': () => import('./usage/usage.js'),
  'completion': () => import('./completion/completion.js'),
};

/** The commands there are, by path (`lists ls`). */
export const commandPaths = (): string[] => Object.keys(loaders);

/** The module of one command (`lists ls`), undefined for a path no command has. */
export async function loadCommand(path: string): Promise<CommandDefinition<any> | undefined> {
  return (await loaders[path]?.())?.command;
}

/** Every command's module (the tree that help pages, man pages and completions are made from). */
export async function loadAllCommands(): Promise<Record<string, CommandDefinition<any>>> {
  const entries = await Promise.all(Object.entries(loaders).map(async ([path, load]) => [path, (await load()).command] as const));
  return Object.fromEntries(entries);
}

/** The command set the CLI's entry hands to the core. */
export const commandSet: CommandSet = { entries: COMMANDS, groups: GROUPS, load: loadCommand, loadAll: loadAllCommands };
