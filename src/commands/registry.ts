import type { CommandEntry } from '../cli/command.js';

/** Summaries of the command groups. */
export const GROUPS: Record<string, string> = {
  search: 'Search people and companies (free)',
  lists: 'Lead lists: create, read, change, delete, and their leads (free)',
  folders: 'Folders for lead lists',
  credits: 'Credit balance and estimates',
  auth: 'Log in, check and remove stored credentials',
  config: 'Read and change saved settings',
  sandbox: 'Run the local sandbox of the service',
};

/**
 * The command index: where each command sits and what it does. Its module (flags,
 * examples, code) is in commands/index.ts under the same path, loaded only to run it.
 */
export const COMMANDS: CommandEntry[] = [
  { path: ['whoami'], summary: 'Show the user, organization, tier and scopes of the credential' },
  { path: ['search', 'people'], summary: 'Search people by flat filters or criteria (free; rows carry no email or phone)' },
  { path: ['search', 'people', 'compile'], summary: 'Show the filters and route a criteria object compiles to' },
  { path: ['search', 'people', 'filters'], summary: 'Look up the values of a people filter field' },
  { path: ['search', 'people', 'at-companies'], summary: 'Find people at a set of companies (an async job)' },
  { path: ['search', 'companies'], summary: 'Search companies by flat filters, the raw shape or criteria (free)' },
  { path: ['search', 'companies', 'filters'], summary: 'Look up the values of a company filter field' },
  { path: ['search', 'companies', 'similar'], summary: 'Companies most like a seed company' },
  { path: ['lists', 'ls'], summary: 'Lists you own, your organization\'s and those shared with you', aliases: ['list'] },
  { path: ['lists', 'create'], summary: 'Create a private list (your list of the same name is reused)' },
  { path: ['lists', 'get'], summary: 'Show one list by id or exact name' },
  { path: ['lists', 'update'], summary: 'Rename a list, change its description or folder' },
  { path: ['lists', 'rm'], summary: 'Delete a list (its lead records stay)', aliases: ['delete'] },
  { path: ['lists', 'leads'], summary: "A list's leads, a page at a time or --all" },
  { path: ['lists', 'add'], summary: 'Add leads by task_id (a search or list page) or by lead id (free)' },
  { path: ['lists', 'remove'], summary: 'Remove leads from a list (the records stay)' },
  { path: ['lists', 'find-people'], summary: 'Find people at companies of a list and add them (a job; free)' },
  { path: ['import'], summary: 'Import a CSV of any size into a list (streamed, chunked, safe to re-run; free)' },
  { path: ['folders', 'create'], summary: 'Create a folder for lead lists' },
  { path: ['credits', 'balance'], summary: "Show the organization's spendable credits" },
  { path: ['auth', 'login'], summary: 'Check an API key and save it in a profile' },
  { path: ['auth', 'status'], summary: 'Show the profile, base URL, masked key and identity in use' },
  { path: ['auth', 'logout'], summary: 'Remove the stored key of a profile' },
  { path: ['config', 'get'], summary: 'Print one setting of a profile' },
  { path: ['config', 'set'], summary: 'Change one setting of a profile' },
  { path: ['config', 'ls'], summary: 'List profiles and their settings (keys masked)', aliases: ['list'] },
  { path: ['api'], summary: 'Send a raw request with auth, retries and error handling' },
  { path: ['sandbox', 'serve'], summary: 'Run the sandbox in the foreground' },
  { path: ['sandbox', 'start'], summary: 'Start the sandbox in the background' },
  { path: ['sandbox', 'stop'], summary: 'Stop the background sandbox' },
  { path: ['sandbox', 'status'], summary: 'Show whether the sandbox runs, its URL and pid' },
  { path: ['sandbox', 'reset'], summary: 'Reset the sandbox to its seeded state' },
  { path: ['sandbox', 'jwt'], summary: 'Print a session JWT for a demo user (for key management)' },
  { path: ['demo'], summary: 'A guided tour on the local sandbox' },
];
