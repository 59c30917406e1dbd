import path from 'node:path';
import { defineCommand, type FlagOptions, type FlagSpec } from '../../cli/command.js';
import { nextCommand, shellWord } from '../../cli/command-line.js';
import type { Context } from '../../cli/context.js';
import { usageError } from '../../cli/errors.js';
import { oneOf } from '../../cli/parse.js';
import { SERVER_FLAGS } from './shared/flags.js';
import { CLIENTS, MCP_CLIENTS, snippet, type McpClient } from './shared/config-clients.js';

const DEFAULT_NAME = 'prospect';

function serverName(raw: string): string {
  if (/^[A-Za-z0-9_-]+$/.test(raw)) return raw;
  throw usageError(`--name takes letters, digits, - and _, got "${raw}"`, 'For example --name prospect-work.');
}

const FLAGS = [
  {
    flags: '--client <client>',
    description: 'the AI client the settings are for (required)',
    choices: MCP_CLIENTS,
    parse: oneOf('--client', MCP_CLIENTS),
  },
  { flags: '--write', description: "merge the entry into the client's settings file: only the entry of --name changes" },
  { flags: '--file <path>', description: 'the settings file to write', defaultDescription: "the client's file, named above" },
  {
    flags: '--name <name>',
    description: 'the server name in the client (letters, digits, - and _): another one per profile',
    default: DEFAULT_NAME,
    parse: serverName,
  },
  ...SERVER_FLAGS,
] as const satisfies readonly FlagSpec[];

type Options = FlagOptions<typeof FLAGS>;

/** The words the client runs after node: this launcher, `mcp`, the profile (never its secrets: the server reads them itself), the chosen flags. */
function serverArgs(ctx: Context, opts: Options): string[] {
  const words = [path.resolve(ctx.binPath), 'mcp'];
  if (ctx.globals.sandbox) {
    if (ctx.globals.baseUrl !== undefined) throw usageError('--sandbox and --base-url cannot be combined', 'Drop one of them.');
    words.push('--sandbox');
  } else words.push('--profile', ctx.settings().profile.value);
  if (ctx.globals.baseUrl !== undefined) words.push('--base-url', ctx.globals.baseUrl);
  return [...words, ...serverFlagWords(opts)];
}

/** The server's flags given to this command, as words: passed on into the entry, and into the --write command. */
function serverFlagWords(opts: Options): string[] {
  return [
    ...(opts.toolset !== undefined ? ['--toolset', opts.toolset] : []),
    ...(opts.maxCredits !== undefined ? ['--max-credits', String(opts.maxCredits)] : []),
    ...(opts.readOnly ? ['--read-only'] : []),
  ];
}

/**
 * The client starts the server without this shell's environment: a service URL or key that comes
 * from PROSPECT_* here is not there, and the server fails to start.
 */
function warnIfProfileCannotServe(ctx: Context): void {
  const st = ctx.settings();
  if (st.sandbox) return;
  const stored = (v: { source: string } | undefined) => v !== undefined && (v.source === 'profile' || v.source === 'default-profile');
  const missing = [
    ...(stored(st.baseUrl) || ctx.globals.baseUrl !== undefined ? [] : ['service URL']),
    ...(st.apiKey?.source === 'profile' ? [] : ['API key']),
  ];
  if (missing.length === 0) return;
  ctx.out.warn(
    `Profile "${st.profile.value}" has no ${missing.join(' and no ')} of its own, and the client starts the server without this shell's environment (PROSPECT_*): ` +
      `it would not start. Save them first: ${nextCommand(ctx, ['auth', 'login'])}`,
  );
}

/** This command with --write: what merges the printed entry into the file. */
function writeCommand(ctx: Context, client: McpClient, opts: Options, file: string): string {
  const words = ['mcp', 'config', '--client', client];
  if (opts.file !== undefined) words.push('--file', file);
  if (opts.name !== DEFAULT_NAME) words.push('--name', opts.name);
  return nextCommand(ctx, [...words, ...serverFlagWords(opts), '--write']);
}

export const command = defineCommand({
  description:
    "The server entry runs this installation (node and this prospect's launcher, absolute paths) as `prospect mcp` with the profile of this " +
    'invocation (--profile, PROSPECT_PROFILE or the current profile; or --sandbox). No key or JWT goes into the settings: the server reads the ' +
    "profile's own. Without --write the settings are printed, with the file they belong in. --write merges them into that file (or --file): only the " +
    'entry of --name is set, every other server and setting is kept; the file is written whole (temporary file, then renamed), a new one mode 0600, ' +
    'an existing one keeps its mode; a file that is not a JSON object, or is a symbolic link, is refused and left as it is. ' +
    'Clients and files: claude-desktop {"mcpServers": {NAME: {command, args}}} in claude_desktop_config.json (macOS ~/Library/Application Support/Claude/, ' +
    'Windows %APPDATA%\\Claude\\, Linux $XDG_CONFIG_HOME/Claude/, default ~/.config/Claude/); claude-code {"mcpServers": {NAME: {type: "stdio", command, args, env}}} ' +
    'in .mcp.json of the current folder (the `claude mcp add` line for all projects is printed too); cursor {"mcpServers": {NAME: {command, args}}} in ' +
    '~/.cursor/mcp.json; vscode {"servers": {NAME: {type: "stdio", command, args}}} in .vscode/mcp.json of the current folder. ' +
    '--json prints {client, file, name, entry}.',
  flags: FLAGS,
  examples: [
    'prospect mcp config --client claude-desktop',
    'prospect mcp config --client claude-desktop --write',
    'prospect mcp config --client cursor --write --profile work --name prospect-work --toolset read',
    'prospect mcp config --client claude-code --write --max-credits 50',
    'prospect --sandbox mcp config --client vscode --write',
    'prospect mcp config --client vscode --file ~/project/.vscode/mcp.json --write --read-only',
  ],
  related: ['prospect mcp', 'prospect auth login', 'prospect config ls'],
  async run(opts, ctx) {
    const client = opts.client;
    if (client === undefined) throw usageError('--client is required', `Name the AI client: --client ${MCP_CLIENTS.join('|')}.`);
    const asJson = ctx.globals.format === 'json' || ctx.globals.format === 'ndjson';
    if (ctx.globals.format !== undefined && !asJson)
      throw usageError(
        `mcp config prints JSON settings: --format ${ctx.globals.format} does not apply`,
        'Drop --format, or pass --json for {client, file, name, entry}.',
      );
    const spec = CLIENTS[client];
    const args = serverArgs(ctx, opts);
    const entry = spec.entry(process.execPath, args);
    const file = opts.file !== undefined ? path.resolve(opts.file) : spec.file(ctx.env);
    const payload = { client, file, name: opts.name, entry };
    if (opts.write) {
      const { writeServerEntry } = await import('./shared/config-file.js');
      const written = writeServerEntry(file, client, opts.name, entry);
      if (asJson) await ctx.out.print({ kind: 'object', payload: { ...payload, written } });
      ctx.out.success(
        `${written === 'added' ? 'Added' : 'Replaced'} the "${opts.name}" server entry in ${file}; everything else in it is kept. ${spec.reload}`,
      );
    } else {
      if (asJson) await ctx.out.print({ kind: 'object', payload });
      else ctx.io.stdout.write(`${JSON.stringify(snippet(client, opts.name, entry), null, 2)}\n`);
      ctx.out.info(
        `This goes in ${file}, under "${spec.serversKey}" beside any other servers. To merge it there: ${writeCommand(ctx, client, opts, file)}`,
      );
    }
    warnIfProfileCannotServe(ctx);
    if (client === 'claude-code')
      ctx.out.info(
        `For every project instead of this folder: ${['claude', 'mcp', 'add', '--scope', 'user', opts.name, '--', entry.command, ...args].map(shellWord).join(' ')}`,
      );
  },
});
