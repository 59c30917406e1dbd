import type { CommandEntry } from '../cli/command.js';
import type { CommandSet } from '../cli/command-set.js';

/** Summaries of the command groups. */
export const GROUPS: Record<string, string> = {
  search: 'Search people and companies (free)',
  lists: 'Lead lists: create, read, change, delete, and their leads (free)',
  folders: 'Folders for lead lists',
  credits: 'Credit balance and estimates',
  enrich: 'Enrich people, companies, cohorts and lists with verified emails and phones (paid)',
  webhooks: 'Delivery log of v1 enrichment webhooks',
  agents: 'Smart agents: one AI instruction run over each lead of a list (paid)',
  sync: 'Push a list to a CRM or into a sequencer campaign (paid)',
  runs: 'Paid runs sent from this machine, from the paid-run journal (local files; free)',
  export: 'Export a list as CSV or JSON (free)',
  auth: 'Log in, check and remove stored credentials',
  config: 'Read and change saved settings',
  sandbox: 'Run the local sandbox of the service',
  'sandbox faults': 'Inject faults into the running sandbox: latency, errors, dropped connections, 429s',
  'sandbox clock': "Show, move, set or freeze the running sandbox's clock",
  'sandbox snapshot': "Save the running sandbox's whole state to a file, or load one",
  keys: 'Create, list and revoke API keys, and read their request logs (session JWT)',
};

/**
 * The command table: each command's place in the tree, its summary and aliases, and its module
 * behind its own import(). A module runs only when its command is run or its help is shown:
 * --help builds the tree from the rows alone, and in the core bundle running one command
 * initializes no other. The one file that imports every noun (test/unit/layers.test.ts).
 */
export const COMMANDS: readonly CommandEntry[] = [
  { path: ['whoami'], summary: 'Show the user, organization, tier and scopes of the credential', load: () => import('./whoami/whoami.js') },
  {
    path: ['search', 'people'],
    summary: 'Search people by flat filters or criteria (free; rows carry no email or phone)',
    load: () => import('./search/people.js'),
  },
  {
    path: ['search', 'people', 'compile'],
    summary: 'Show the filters and route a criteria object compiles to',
    load: () => import('./search/people-compile.js'),
  },
  {
    path: ['search', 'people', 'filters'],
    summary: 'Look up the values of a people filter field',
    load: () => import('./search/people-filters.js'),
  },
  {
    path: ['search', 'people', 'at-companies'],
    summary: 'Find people at a set of companies (an async job)',
    load: () => import('./search/people-at-companies.js'),
  },
  {
    path: ['search', 'companies'],
    summary: 'Search companies by flat filters, the raw shape or criteria (free)',
    load: () => import('./search/companies.js'),
  },
  {
    path: ['search', 'companies', 'filters'],
    summary: 'Look up the values of a company filter field',
    load: () => import('./search/companies-filters.js'),
  },
  {
    path: ['search', 'companies', 'similar'],
    summary: 'Companies most like a seed company',
    load: () => import('./search/companies-similar.js'),
  },
  {
    path: ['lists', 'ls'],
    summary: "Lists you own, your organization's and those shared with you",
    aliases: ['list'],
    load: () => import('./lists/ls.js'),
  },
  {
    path: ['lists', 'create'],
    summary: 'Create a private list (your list of the same name is reused)',
    load: () => import('./lists/create.js'),
  },
  { path: ['lists', 'get'], summary: 'Show one list by id or exact name', load: () => import('./lists/get.js') },
  { path: ['lists', 'update'], summary: 'Rename a list, change its description or folder', load: () => import('./lists/update.js') },
  { path: ['lists', 'rm'], summary: 'Delete a list (its lead records stay)', aliases: ['delete'], load: () => import('./lists/rm.js') },
  { path: ['lists', 'leads'], summary: "A list's leads, a page at a time or --all", load: () => import('./lists/leads.js') },
  {
    path: ['lists', 'add'],
    summary: 'Add leads by task_id (a search or list page) or by lead id (free)',
    load: () => import('./lists/add.js'),
  },
  { path: ['lists', 'remove'], summary: 'Remove leads from a list (the records stay)', load: () => import('./lists/remove.js') },
  {
    path: ['lists', 'find-people'],
    summary: 'Find people at companies of a list and add them (a job; free)',
    load: () => import('./lists/find-people.js'),
  },
  {
    path: ['import'],
    summary: 'Import a CSV of any size into a list (streamed, chunked, safe to re-run; free)',
    load: () => import('./import/import.js'),
  },
  { path: ['folders', 'create'], summary: 'Create a folder for lead lists', load: () => import('./folders/create.js') },
  { path: ['credits', 'balance'], summary: "Show the organization's spendable credits", load: () => import('./credits/balance.js') },
  {
    path: ['credits', 'estimate'],
    summary: 'Price a paid operation and get a single-use quote (free)',
    load: () => import('./credits/estimate.js'),
  },
  {
    path: ['enrich', 'person'],
    summary: 'Find the verified email and/or phone of one person (paid, asks first)',
    load: () => import('./enrich/person.js'),
  },
  {
    path: ['enrich', 'company'],
    summary: 'Look up one company: industry, headcount, funding, tech stack (1 credit)',
    load: () => import('./enrich/company.js'),
  },
  {
    path: ['enrich', 'cohort'],
    summary: 'Enrich the rows of a search or list page by task_id (paid, asks first)',
    load: () => import('./enrich/cohort.js'),
  },
  {
    path: ['enrich', 'list'],
    summary: 'Enrich every lead of a list, or a subset (paid, asks first)',
    load: () => import('./enrich/list.js'),
  },
  {
    path: ['enrich', 'status'],
    summary: 'Show an enrichment run: progress, credits charged and refunded',
    load: () => import('./enrich/status.js'),
  },
  {
    path: ['enrich', 'legacy-bulk'],
    summary: 'Enrich up to 250 contacts through v1, with an optional webhook (paid)',
    load: () => import('./enrich/legacy-bulk.js'),
  },
  {
    path: ['enrich', 'legacy-status'],
    summary: 'Show a v1 bulk run or one of its contacts',
    load: () => import('./enrich/legacy-status.js'),
  },
  {
    path: ['webhooks', 'deliveries'],
    summary: "List the delivery attempts of a v1 run's webhook",
    load: () => import('./webhooks/deliveries.js'),
  },
  {
    path: ['agents', 'run'],
    summary: 'Run a smart agent over the leads of a list into a column (paid, asks first)',
    load: () => import('./agents/run.js'),
  },
  {
    path: ['agents', 'ls'],
    summary: 'List smart-agent runs, newest first (free)',
    aliases: ['list'],
    load: () => import('./agents/ls.js'),
  },
  {
    path: ['agents', 'results'],
    summary: "Show a smart-agent run's output per lead (partial while it runs; free)",
    load: () => import('./agents/results.js'),
  },
  {
    path: ['sync', 'crm'],
    summary: 'Push a list to a connected CRM (previews first; paid, asks first)',
    load: () => import('./sync/crm.js'),
  },
  {
    path: ['sync', 'sequencer'],
    summary: 'Push a list into a sequencer campaign (previews first; paid, asks first)',
    load: () => import('./sync/sequencer.js'),
  },
  {
    path: ['runs', 'ls'],
    summary: 'Paid runs sent from here: answered, not charged, open or unknown',
    aliases: ['list'],
    load: () => import('./runs/ls.js'),
  },
  { path: ['export', 'csv'], summary: 'Download a list as a CSV file through a signed link (free)', load: () => import('./export/csv.js') },
  { path: ['export', 'json'], summary: 'Stream a list as JSON, NDJSON or CSV, resumable (free)', load: () => import('./export/json.js') },
  {
    path: ['keys', 'create'],
    summary: 'Create an API key; the secret is shown once (or saved to a profile)',
    load: () => import('./keys/create.js'),
  },
  {
    path: ['keys', 'ls'],
    summary: 'API keys of the organization, active and revoked (never the whole secret)',
    aliases: ['list'],
    load: () => import('./keys/ls.js'),
  },
  { path: ['keys', 'revoke'], summary: 'Revoke one API key for good (asks first)', load: () => import('./keys/revoke.js') },
  {
    path: ['keys', 'revoke-all'],
    summary: 'Revoke every active API key of your user (type to confirm)',
    load: () => import('./keys/revoke-all.js'),
  },
  {
    path: ['keys', 'requests'],
    summary: "A key's request log: path, status, IP, user agent, time",
    load: () => import('./keys/requests.js'),
  },
  { path: ['usage'], summary: 'API calls, credits and errors by tool, key, day or error code', load: () => import('./usage/usage.js') },
  { path: ['auth', 'login'], summary: 'Check an API key and save it in a profile', load: () => import('./auth/login.js') },
  {
    path: ['auth', 'status'],
    summary: 'Show the profile, base URL, masked key and identity in use',
    load: () => import('./auth/status.js'),
  },
  { path: ['auth', 'logout'], summary: 'Remove the stored key of a profile', load: () => import('./auth/logout.js') },
  {
    path: ['auth', 'migrate'],
    summary: 'Move secrets kept in the config file into the OS keychain',
    load: () => import('./auth/migrate.js'),
  },
  { path: ['config', 'get'], summary: 'Print one setting of a profile', load: () => import('./config/get.js') },
  { path: ['config', 'set'], summary: 'Change one setting of a profile', load: () => import('./config/set.js') },
  {
    path: ['config', 'ls'],
    summary: 'List profiles and their settings (keys masked)',
    aliases: ['list'],
    load: () => import('./config/ls.js'),
  },
  { path: ['config', 'unset'], summary: 'Remove one setting of a profile', load: () => import('./config/unset.js') },
  {
    path: ['config', 'rm-profile'],
    summary: 'Remove a saved profile, its settings and credentials',
    load: () => import('./config/rm-profile.js'),
  },
  { path: ['api'], summary: 'Send a raw request with auth, retries and error handling', load: () => import('./api/api.js') },
  { path: ['sandbox', 'serve'], summary: 'Run the sandbox in the foreground', load: () => import('./sandbox/serve.js') },
  { path: ['sandbox', 'start'], summary: 'Start the sandbox in the background', load: () => import('./sandbox/start.js') },
  { path: ['sandbox', 'stop'], summary: 'Stop the background sandbox', load: () => import('./sandbox/stop.js') },
  { path: ['sandbox', 'status'], summary: 'Show whether the sandbox runs, its URL and pid', load: () => import('./sandbox/status.js') },
  { path: ['sandbox', 'reset'], summary: 'Reset the sandbox to its seeded state', load: () => import('./sandbox/reset.js') },
  { path: ['sandbox', 'jwt'], summary: 'Print a session JWT for a demo user (for key management)', load: () => import('./sandbox/jwt.js') },
  {
    path: ['sandbox', 'faults', 'add'],
    summary: 'Add a fault rule: delay, error, drop or 429 for matching requests',
    load: () => import('./sandbox/faults-add.js'),
  },
  {
    path: ['sandbox', 'faults', 'ls'],
    summary: 'List the fault rules in force, with how often each matched and applied',
    aliases: ['list'],
    load: () => import('./sandbox/faults-ls.js'),
  },
  { path: ['sandbox', 'faults', 'clear'], summary: 'Remove every fault rule', load: () => import('./sandbox/faults-clear.js') },
  {
    path: ['sandbox', 'clock', 'advance'],
    summary: 'Move the sandbox clock forward (90s, 5m, 2h, 1d) without waiting',
    load: () => import('./sandbox/clock-advance.js'),
  },
  {
    path: ['sandbox', 'clock', 'show'],
    summary: 'Show the sandbox clock: its time, frozen or running',
    load: () => import('./sandbox/clock-show.js'),
  },
  { path: ['sandbox', 'clock', 'set'], summary: 'Set the sandbox clock to an ISO 8601 time', load: () => import('./sandbox/clock-set.js') },
  { path: ['sandbox', 'clock', 'freeze'], summary: 'Stop the sandbox clock where it is', load: () => import('./sandbox/clock-freeze.js') },
  {
    path: ['sandbox', 'clock', 'unfreeze'],
    summary: 'Let the sandbox clock run on from where it stands',
    load: () => import('./sandbox/clock-unfreeze.js'),
  },
  {
    path: ['sandbox', 'snapshot', 'save'],
    summary: 'Save the whole sandbox state (clock included) to a file',
    load: () => import('./sandbox/snapshot-save.js'),
  },
  {
    path: ['sandbox', 'snapshot', 'load'],
    summary: 'Replace the sandbox state with a saved snapshot',
    load: () => import('./sandbox/snapshot-load.js'),
  },
  {
    path: ['mcp'],
    summary: 'Serve the tools to AI assistants over MCP (stdio); paid runs priced first',
    load: () => import('./mcp/mcp.js'),
  },
  {
    path: ['mcp', 'config'],
    summary: "Print or write an AI client's MCP settings for this binary and profile",
    load: () => import('./mcp/config.js'),
  },
  { path: ['demo'], summary: 'A guided tour on the local sandbox', load: () => import('./demo/demo.js') },
  {
    path: ['completion'],
    summary: 'Print the shell completion script for bash, zsh or fish',
    // The script is made from this table, handed in: a command imports no other noun, nor the table.
    load: async () => ({ command: (await import('./completion/completion.js')).completionCommand(commandSet) }),
  },
];

/** The command set the CLI's entry hands to the core. */
export const commandSet: CommandSet = { entries: COMMANDS, groups: GROUPS };
