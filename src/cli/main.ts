import { CommanderError, type Command } from 'commander';
import { ConfigurationError, isApiError, restatesIssues, validationIssues, type ApiError } from '../api/errors.js';
import type { Client } from '../api/client.js';
import { redactText } from '../api/redact.js';
import { buildProgram, inheritSettings, unknownCommand, unknownHelpTopic } from './program.js';
import type { CommandSet } from './command-set.js';
import { colorEnabled, createContext, type Context, type ContextDeps, type GlobalOptions } from './context.js';
import { isCliError, usageError } from './errors.js';
import { ExitCode, STOP_SIGNALS, exitCodeForApiError, type StopSignal } from './exit-codes.js';
import { parseFields } from './output/fields.js';
import { parseFormat } from './output/output.js';
import { createStyle } from './output/style.js';
import { printable } from './output/printable.js';

/** Reads the global flags off the command that runs. */
export function globalsFrom(cmd: Command): GlobalOptions {
  const o = cmd.optsWithGlobals<Record<string, unknown>>();
  const format = o.format as string | undefined;
  if (o.json && format && format !== 'json') throw usageError(`--json and --format ${format} disagree`, 'Pass only one of them.');
  return {
    profile: o.profile as string | undefined,
    sandbox: o.sandbox === true,
    baseUrl: o.baseUrl as string | undefined,
    format: o.json ? 'json' : format ? parseFormat(format, '--format') : undefined,
    fields: parseFields(o.fields as string | undefined),
    yes: o.yes === true,
    maxCost: o.maxCost as number | undefined,
    wait: o.wait !== false,
    quiet: o.quiet === true,
    debug: o.debug === true,
    color: o.color !== false,
  };
}

/**
 * Runs one invocation: parse, load the command, run it, and turn every failure into
 * its exit code and a one-line message (never a stack trace for expected failures).
 */
export async function run(argv: readonly string[], deps: ContextDeps, commands: CommandSet): Promise<number> {
  // Shell completions ask for list names; not a command: no help, no errors, no tree.
  if (argv[0] === '__complete' && argv[1] === 'lists')
    return (await import('./completion/list-names.js')).printListNames(argv.slice(2), deps);
  const clients: Client[] = [];
  const depsWithTracking: ContextDeps = { ...deps, onClient: (c) => (clients.push(c), deps.onClient?.(c)) };
  let code: number = ExitCode.OK;
  let ctx: Context | undefined;
  // Until a command runs, only the command line tells whether errors should be JSON.
  let jsonErrors = argv.some((a, i) => a === '--json' || a === '--format=json' || (a === '--format' && argv[i + 1] === 'json'));

  // `prospect help a b` is `prospect a b --help`, so the command's module loads first; a topic
  // that names no command is a usage error. `prospect` alone prints the help, as --help does.
  if (argv[0] === 'help' && argv.length > 1) {
    const unknown = unknownHelpTopic(commands, argv.slice(1));
    if (unknown)
      return reportFailure(unknownCommand(unknown.parentPath, unknown.word, unknown.names), {
        ctx,
        deps,
        commands,
        json: jsonErrors,
        debug: false,
        color: !argv.includes('--no-color'),
      });
  }
  const args = argv[0] === 'help' && argv.length > 1 ? [...argv.slice(1), '--help'] : argv.length === 0 ? ['--help'] : [...argv];
  const program = buildProgram(
    commands,
    async (def, cmd) => {
      const globals = globalsFrom(cmd);
      ctx = createContext(depsWithTracking, globals, argv);
      // Errors follow the output: JSON when the output is, whether by flag, env or profile.
      jsonErrors = ctx.out.format === 'json';
      const opts = cmd.opts<Record<string, unknown>>();
      const result = await def.run({ ...opts, args: cmd.args }, ctx);
      code = typeof result === 'number' ? result : ExitCode.OK;
    },
    args,
  );
  program.exitOverride();
  program.configureOutput({
    writeOut: (s) => deps.io.stdout.write(s),
    writeErr: (s) => deps.io.stderr.write(s),
    outputError: () => {
      /* reported below, in our format */
    },
  });
  inheritSettings(program);

  try {
    await program.parseAsync(args, { from: 'user' });
  } catch (e) {
    code = await reportFailure(e, {
      ctx,
      deps,
      commands,
      json: jsonErrors,
      debug: argv.includes('--debug'),
      color: !argv.includes('--no-color'),
    });
  } finally {
    for (const c of clients) c.close();
  }
  return code;
}

interface ReportOptions {
  ctx: Context | undefined;
  deps: ContextDeps;
  commands: CommandSet;
  json: boolean;
  debug: boolean;
  /** false with --no-color; NO_COLOR, TERM and the TTY are checked by colorEnabled. */
  color: boolean;
  /** The service's words in ours (route-text.ts). */
  words: RouteWords;
}

type RouteWords = typeof import('./route-text.js');

/**
 * Loads what turns the service's routes into commands only for a failure: it is the whole
 * endpoint catalog, which a command that succeeds never needs (start-up).
 */
async function reportFailure(e: unknown, o: Omit<ReportOptions, 'words'>): Promise<number> {
  return report(e, { ...o, words: await import('./route-text.js') });
}

/** Prints a failure on stderr and returns its exit code. */
export function report(e: unknown, o: ReportOptions): number {
  if (e instanceof CommanderError) {
    if (e.code === 'commander.helpDisplayed' || e.code === 'commander.version') return ExitCode.OK;
    // Help asked for exits 0; help shown because a group got no subcommand is a usage error.
    if (e.code === 'commander.help') return e.exitCode === 0 ? ExitCode.OK : ExitCode.USAGE;
    const unknownWord = e.code === 'commander.unknownCommand' ? /unknown command '([^']*)'/.exec(e.message)?.[1] : undefined;
    const topic = unknownWord !== undefined ? unknownHelpTopic(o.commands, [unknownWord]) : undefined;
    if (topic) return report(unknownCommand(topic.parentPath, topic.word, topic.names), o);
    const message = e.message.replace(/^error:\s*/i, '');
    const fix = /'--(api-key|key|token|jwt)\b/.test(message)
      ? 'Keys never go on the command line (shell history, process lists): set PROSPECT_API_KEY, or run `prospect auth login --with-token` and pipe the key.'
      : 'Run the command with --help to see its flags and examples.';
    return print(o, 'usage', message, { fix }, ExitCode.USAGE);
  }
  if (isCliError(e)) return print(o, e.code, e.message, { fix: e.fix, cause: e.causeText }, e.exitCode);
  if (e instanceof ConfigurationError) return print(o, 'configuration', e.message, { fix: e.fix }, ExitCode.USAGE);
  if (isApiError(e)) {
    const extra: Record<string, unknown> = { cause: e.causeText, fix: e.fix };
    if (e.code === 'insufficient_scope' && e.details && !e.fix) {
      const granted = Array.isArray(e.details.granted_scopes) ? e.details.granted_scopes.join(', ') : '';
      extra.cause ??= `this key lacks the ${String(e.details.required_scope)} scope${granted ? ` (it has: ${granted})` : ''}`;
      extra.fix = 'Ask an admin of your organization to grant the scope to your user; keys carry their user’s scopes.';
    }
    return print(o, e.code, e.problem, extra, exitCodeForApiError(e), e);
  }
  if (isAbort(e)) {
    const signal = (o.deps.signal?.reason as { signal?: string } | undefined)?.signal;
    o.deps.io.stderr.write(signal && signal !== 'SIGINT' ? `stopped by ${signal}\n` : 'interrupted\n');
    return signal && signal in STOP_SIGNALS ? STOP_SIGNALS[signal as StopSignal] : ExitCode.INTERRUPTED;
  }
  const fsError = fileSystemError(e);
  if (fsError)
    return print(
      o,
      'output',
      fsError,
      { fix: 'Check the file and its folder (owner, permissions, free space), or choose another path.' },
      ExitCode.OUTPUT,
    );
  const err = e instanceof Error ? e : new Error(String(e));
  const code = print(
    o,
    'unexpected',
    err.message,
    { fix: o.debug ? undefined : 'Run again with --debug for details.' },
    ExitCode.UNEXPECTED,
  );
  if (o.debug && err.stack) o.deps.io.stderr.write(`${redactText(err.stack, o.ctx?.secrets ?? new Set<string>())}\n`);
  return code;
}

const FS_ERRORS: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EISDIR: 'it is a folder',
  ENOTDIR: 'a part of the path is not a folder',
  EEXIST: 'something is already there',
  ENOENT: 'no such file or folder',
  EXDEV: 'it is on another file system',
  ELOOP: 'too many links',
  ERR_FS_EISDIR: 'it is a folder',
};

/** A file operation that failed on a path (a folder planted where a file goes, another user's file): one line naming it. */
function fileSystemError(e: unknown): string | undefined {
  const err = e as (NodeJS.ErrnoException & { dest?: string }) | undefined;
  if (!err || typeof err.syscall !== 'string' || typeof err.path !== 'string' || !err.code || !Object.hasOwn(FS_ERRORS, err.code))
    return undefined;
  const code = err.code.replace(/^ERR_FS_/, '');
  return `could not ${err.syscall} ${err.path}${err.dest ? ` to ${err.dest}` : ''}: ${code} (${FS_ERRORS[err.code]})`;
}

function isAbort(e: unknown): boolean {
  return e instanceof Error && (e.name === 'AbortError' || (e as NodeJS.ErrnoException).code === 'ABORT_ERR');
}

const partition = <T>(xs: readonly T[], p: (x: T) => boolean): [T[], T[]] => [xs.filter(p), xs.filter((x) => !p(x))];

const sameText = (a: string, b: string) => a.trim().replace(/\.$/, '').toLowerCase() === b.trim().replace(/\.$/, '').toLowerCase();

/** The api command's flags that set a body field by `key=value`. */
const FIELD_FLAGS = ['-f', '--raw-field', '-F', '--field'];

/**
 * The flag on this command line that set `field`, as ` (--name)` or ` (-f name=)`, or '' when
 * none did: only what was typed is named, never a guess at a flag the command may not have.
 */
function flagHint(field: string, argv: readonly string[]): string {
  const last = field.split('.').pop() ?? '';
  if (!last || /^\d+$/.test(last)) return '';
  const flag = `--${last.replace(/_/g, '-')}`;
  if (!FIELD_FLAGS.includes(flag) && argv.some((a) => a === flag || a.startsWith(`${flag}=`))) return ` (${flag})`;
  for (let i = 0; i < argv.length - 1; i++) {
    const key = argv[i + 1]!.split('=')[0]!.replace(/\[\]$/, '');
    if (FIELD_FLAGS.includes(argv[i]!) && argv[i + 1]!.includes('=') && key === field) return ` (${argv[i]} ${key}=)`;
  }
  return '';
}

function print(
  o: ReportOptions,
  code: string,
  problem: string,
  extra: Record<string, unknown>,
  exitCode: number,
  apiError?: ApiError,
): number {
  const secrets = o.ctx?.secrets ?? new Set<string>();
  const stderr = o.deps.io.stderr;
  const clean = (s: string) => redactText(s, secrets);
  if (o.json) {
    const body = apiError ? apiError.toJSON() : { code, problem, ...extra };
    for (const k of Object.keys(body)) if (body[k] === undefined) delete body[k];
    stderr.write(clean(JSON.stringify({ error: { ...body, exit_code: exitCode } })) + '\n');
    return exitCode;
  }
  const style = createStyle(colorEnabled(o.deps.io.stderrIsTTY, { color: o.color }, o.deps.env));
  // Every text here may hold service data (a list name, the service's own words): written out, never obeyed by the terminal.
  const lines = [`${style.red('error:')} ${code}: ${printable(problem)}`];
  // A validation answer's details.errors[], one `cause: field: message` line each (an issue that only restates the problem is left out).
  const argv = o.ctx?.argv ?? [];
  const [restating, issues] = partition(apiError ? validationIssues(apiError) : [], (i) => sameText(i.msg, problem));
  // An issue that is the problem itself adds only its flag, on the problem's line.
  const problemFlag = restating.map((i) => flagHint(i.field, argv)).find(Boolean);
  if (problemFlag) lines[0] += problemFlag;
  // The service's words speak to HTTP clients: a route becomes the command that does it, or is left out (route-text.ts).
  const globals = o.ctx?.globals ?? { sandbox: false };
  const said = (text: unknown) => {
    const ours = typeof text === 'string' && text ? o.words.inOurWords(text, globals) : undefined;
    return ours ? printable(ours) : undefined;
  };
  for (const i of issues) {
    const msg = said(i.msg);
    if (msg) lines.push(`  cause: ${i.field ? `${printable(i.field)}: ` : ''}${msg}${flagHint(i.field, argv)}`);
  }
  const cause = said(extra.cause) ?? '';
  if (cause && !sameText(cause, problem) && !(apiError && restatesIssues(apiError, cause))) lines.push(`  cause: ${cause}`);
  // "the fields listed in details.errors": the person sees them listed above.
  const fix =
    typeof extra.fix === 'string' && extra.fix.includes('details.errors')
      ? 'Correct the values above and run the command again.'
      : said(extra.fix);
  if (fix) lines.push(`  fix: ${fix}`);
  if (o.debug)
    for (const k of ['cause', 'fix'] as const)
      if (typeof extra[k] === 'string' && o.words.speaksHttp(extra[k])) lines.push(`  [debug] service ${k}: ${printable(extra[k])}`);
  if (apiError && (apiError.estimatedCostCredits !== undefined || apiError.availableCredits !== undefined)) {
    const parts = [
      apiError.estimatedCostCredits !== undefined ? `estimated ${apiError.estimatedCostCredits}` : '',
      apiError.availableCredits !== undefined ? `available ${apiError.availableCredits}` : '',
      apiError.shortfallCredits !== undefined ? `short by ${apiError.shortfallCredits}` : '',
    ].filter(Boolean);
    lines.push(`  credits: ${parts.join(', ')}`);
  }
  if (apiError?.requestId !== undefined) lines.push(`  request id: ${printable(apiError.requestId)}`);
  stderr.write(clean(lines.join('\n')) + '\n');
  return exitCode;
}
