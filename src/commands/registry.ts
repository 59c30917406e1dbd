import type { CommandEntry } from '../cli/command.js';

/** Summaries of the command groups. */
export const GROUPS: Record<string, string> = {
  credits: 'Credit balance and estimates',
  auth: 'Log in, check and remove stored credentials',
  config: 'Read and change saved settings',
  sandbox: 'Run the local sandbox of the service',
};

/**
 * The command index: where each command sits and what it does. The module behind each
 * entry (flags, examples, code) loads only when that command runs.
 */
export const COMMANDS: CommandEntry[] = [
  { path: ['whoami'], summary: 'Show the user, organization, tier and scopes of the credential', load: () => import('./whoami/whoami.js') },
  { path: ['credits', 'balance'], summary: "Show the organization's spendable credits", load: () => import('./credits/balance.js') },
  { path: ['auth', 'login'], summary: 'Check an API key and save it in a profile', load: () => import('./auth/login.js') },
  { path: ['auth', 'status'], summary: 'Show the profile, base URL, masked key and identity in use', load: () => import('./auth/status.js') },
  { path: ['auth', 'logout'], summary: 'Remove the stored key of a profile', load: () => import('./auth/logout.js') },
  { path: ['config', 'get'], summary: 'Print one setting of a profile', load: () => import('./config/get.js') },
  { path: ['config', 'set'], summary: 'Change one setting of a profile', load: () => import('./config/set.js') },
  { path: ['config', 'ls'], summary: 'List profiles and their settings (keys masked)', aliases: ['list'], load: () => import('./config/ls.js') },
  { path: ['api'], summary: 'Send a raw request with auth, retries and error handling', load: () => import('./api/api.js') },
  { path: ['sandbox', 'serve'], summary: 'Run the sandbox in the foreground', load: () => import('./sandbox/serve.js') },
  { path: ['sandbox', 'start'], summary: 'Start the sandbox in the background', load: () => import('./sandbox/start.js') },
  { path: ['sandbox', 'stop'], summary: 'Stop the background sandbox', load: () => import('./sandbox/stop.js') },
  { path: ['sandbox', 'status'], summary: 'Show whether the sandbox runs, its URL and pid', load: () => import('./sandbox/status.js') },
  { path: ['sandbox', 'reset'], summary: 'Reset the sandbox to its seeded state', load: () => import('./sandbox/reset.js') },
  { path: ['sandbox', 'jwt'], summary: 'Print a session JWT for a demo user (for key management)', load: () => import('./sandbox/jwt.js') },
  { path: ['demo'], summary: 'A guided tour on the local sandbox', load: () => import('./demo/demo.js') },
];
