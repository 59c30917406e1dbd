import { Api } from '../api/api.js';
import { checkBaseUrl } from '../api/base-url.js';
import type { Readable, Writable } from 'node:stream';
import type { Client, ClientOptions, TraceEvent } from '../api/client.js';
import type { SandboxTarget } from './sandbox-target.js';
import { redactText } from '../api/redact.js';
import { sleep } from '../api/sleep.js';
import { ConfigStore } from '../config/store.js';
import { resolveSettings, type Settings } from '../config/resolve.js';
import { Credentials } from '../config/credentials.js';
import { osKeychain, type Keychain } from '../local/keychain.js';
import { authError, usageError } from './errors.js';
import { Output, parseFormat, type Format } from './output/output.js';
import { createStyle } from './output/style.js';
import { createPrompter, type Prompter } from './prompt.js';
import { createProgress, type Progress } from './progress.js';
import { debugTracer } from './debug.js';
import { AnswerBook } from './hints.js';
import { noticeWaits } from './wait-notice.js';

type Env = Record<string, string | undefined>;

export interface IO {
  stdin: Readable;
  stdout: Writable;
  stderr: Writable;
  stdinIsTTY: boolean;
  stdoutIsTTY: boolean;
  stderrIsTTY: boolean;
  columns: number;
  /** The file stdout is redirected to (`> leads.csv`), when the system says: a resume command appends to it. Asked only when needed. */
  stdoutPath?: () => string | undefined;
}

/** Functions, not methods: commands hand them on (`{ sleep: ctx.clock.sleep }`). */
export interface Clock {
  now: () => number;
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
}

/** The global flags of every command, after parsing. */
export interface GlobalOptions {
  profile?: string | undefined;
  sandbox: boolean;
  baseUrl?: string | undefined;
  format?: Format | undefined;
  fields?: string[] | undefined;
  yes: boolean;
  maxCost?: number | undefined;
  wait: boolean;
  quiet: boolean;
  debug: boolean;
  color: boolean;
}

export type AuthKind = 'key' | 'jwt' | 'none';

export interface ClientRequest {
  auth?: AuthKind;
  token?: string;
  baseUrl?: string;
}

/** What every command receives (like gh's cmdutil.Factory): tests pass fakes for all of it. */
export interface Context {
  io: IO;
  env: Env;
  clock: Clock;
  prompter: Prompter;
  progress: Progress;
  config: ConfigStore;
  globals: GlobalOptions;
  out: Output;
  signal: AbortSignal;
  /** The launcher script, for spawning the sandbox in the background. */
  binPath: string;
  settings(): Settings;
  /** Where profiles' secrets are saved, read, moved and removed (the OS keychain or the config file). */
  credentials: Credentials;
  /**
   * The API key or session JWT this invocation resolved (environment, then profile), read from
   * the keychain on first use when it is kept there; undefined when none is set.
   */
  token(kind: 'key' | 'jwt'): Promise<string | undefined>;
  /**
   * A client for the resolved base URL and credential; starts the sandbox for --sandbox. One per
   * credential for the invocation, unless `token` or `baseUrl` override the resolved ones (auth
   * login checks a new key): then a client of its own.
   */
  client(opts?: ClientRequest): Promise<Client>;
  /** The service's areas (`ctx.api.lists.get(id)`) over this invocation's clients, each call carrying the command's signal. */
  readonly api: Api;
  /** The local sandbox (started in the background when none runs). */
  sandbox(): Promise<SandboxTarget>;
  /** Secrets this invocation knows about, masked wherever they would be printed. */
  secrets: Set<string>;
  /** The words of this invocation after `prospect`, as typed (for "run the same command again"). */
  argv: readonly string[];
}

export interface ContextDeps {
  io: IO;
  env: Env;
  clock?: Clock;
  prompter?: Prompter;
  binPath: string;
  signal?: AbortSignal;
  /** Overrides how clients are made (tests); defaults to the SDK Client. */
  makeClient?: (opts: ClientOptions) => Client | Promise<Client>;
  /** Clients made by this context are closed when the command ends. */
  onClient?: (c: Client) => void;
  /** The OS keychain (tests may pass another); loaded only when a secret kept there is read or written. */
  keychain?: Keychain;
}

export const realClock: Clock = { now: () => Date.now(), sleep };

/** Colour is on only for a TTY, without NO_COLOR, --no-color or TERM=dumb. */
export function colorEnabled(isTTY: boolean, globals: Pick<GlobalOptions, 'color'>, env: Env): boolean {
  return isTTY && globals.color && !('NO_COLOR' in env && env.NO_COLOR !== undefined) && env.TERM !== 'dumb';
}

/** A stream that masks known secrets before anything reaches the terminal or a log. */
function redacting(stream: Writable, secrets: Set<string>): Writable {
  type Write = (chunk: unknown, ...rest: unknown[]) => boolean;
  // The stream's write as it is at each call: the spinner (ora) replaces process.stderr.write
  // while it spins, so a line written meanwhile clears the spinner line instead of being glued
  // onto it. A write set on this wrapper (ora hooks the stream it is given, too) stays on the
  // wrapper: forwarded to the stream, it would call itself.
  const redacted: Write = (chunk, ...rest) =>
    (stream.write as Write).call(stream, typeof chunk === 'string' ? redactText(chunk, secrets) : chunk, ...rest);
  let write: Write = redacted;
  return new Proxy(stream, {
    set(target, prop, value, receiver) {
      if (prop !== 'write') return Reflect.set(target, prop, value, receiver);
      write = value as Write;
      return true;
    },
    get(target, prop, receiver) {
      if (prop === 'write') return write;
      const v: unknown = Reflect.get(target, prop, receiver);
      return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
    },
  });
}

const noBaseUrl = () =>
  usageError(
    'no service URL is configured',
    'Run `prospect auth login --base-url URL`, set PROSPECT_BASE_URL, or try the local sandbox with --sandbox.',
  );

/** --format/--json, then PROSPECT_FORMAT or the profile, then table on a terminal and tsv in a pipe. */
function chooseFormat(globals: GlobalOptions, s: Settings | undefined, io: IO): Format {
  if (globals.format) return globals.format;
  if (s?.format) return parseFormat(s.format.value, s.format.source === 'env' ? 'PROSPECT_FORMAT' : `profile ${s.profile.value}`);
  return io.stdoutIsTTY ? 'table' : 'tsv';
}

/** The token a command's client sends: the sandbox's demo credentials, or the resolved key or JWT. */
async function tokenFor(auth: AuthKind, ctx: Context): Promise<string | undefined> {
  if (auth === 'none') return undefined;
  const st = ctx.settings();
  if (st.sandbox) {
    const target = await ctx.sandbox();
    return auth === 'key' ? target.demoKey : target.jwt();
  }
  const token = await ctx.token(auth);
  if (token !== undefined) return token;
  if (auth === 'key')
    throw authError(
      'authentication_invalid',
      `no API key for profile "${st.profile.value}"`,
      'Run `prospect auth login`, or set PROSPECT_API_KEY.',
    );
  throw authError(
    'authentication_invalid',
    'key management needs a session JWT and none is configured',
    'Set PROSPECT_JWT, pass --jwt-stdin, or store one with `prospect auth login --jwt`.',
  );
}

/** Waits are named on the spinner or, when long, on a line of their own; --debug traces everything instead. */
/** --debug's trace lines replace the wait notices; the answers are remembered either way (for what hints mean). */
function tracer(
  debug: ((e: TraceEvent) => void) | undefined,
  notices: (e: TraceEvent) => void,
  answers: (e: TraceEvent) => void,
): (e: TraceEvent) => void {
  const shown = debug ?? notices;
  return (e) => {
    answers(e);
    shown(e);
  };
}

export function createContext(deps: ContextDeps, globals: GlobalOptions, argv: readonly string[] = []): Context {
  const { env } = deps;
  const secrets = new Set<string>();
  const stderr = redacting(deps.io.stderr, secrets);
  // Descriptors, not values: stdin stays unopened until a command reads it (see process.ts).
  const io = Object.defineProperties(
    {},
    { ...Object.getOwnPropertyDescriptors(deps.io), stderr: { value: stderr, enumerable: true } },
  ) as IO;
  const config = new ConfigStore(env);
  let settings: Settings | undefined;
  const getSettings = () => (settings ??= resolveSettings(globals, env, config));
  // An unreadable config file is reported when a command first needs the settings.
  let early: Settings | undefined;
  try {
    early = getSettings();
  } catch {
    early = undefined;
  }
  for (const known of [early?.apiKey?.value, early?.jwt?.value]) if (known) secrets.add(known);
  const credentials = new Credentials(config, deps.keychain ?? osKeychain(), deps.signal);
  const tokens = new Map<'key' | 'jwt', Promise<string | undefined>>();

  const stderrColor = colorEnabled(io.stderrIsTTY, globals, env);
  const answers = new AnswerBook();
  const out = new Output({
    stdout: io.stdout,
    stderr,
    format: chooseFormat(globals, early, io),
    fields: globals.fields,
    quiet: globals.quiet,
    style: createStyle(colorEnabled(io.stdoutIsTTY, globals, env)),
    errStyle: createStyle(stderrColor),
    width: io.columns,
    notes: (payload) => answers.notes(payload, globals),
  });
  const interactive = io.stdinIsTTY && io.stderrIsTTY;
  let sandboxTarget: Promise<SandboxTarget> | undefined;
  const clients = new Map<AuthKind, Promise<Client>>();
  let api: Api | undefined;
  const ctx: Context = {
    io,
    env,
    clock: deps.clock ?? realClock,
    prompter:
      deps.prompter ??
      createPrompter({
        get stdin() {
          return io.stdin;
        },
        stderr,
        interactive,
      }),
    progress: createProgress({
      stderr,
      enabled: io.stderrIsTTY && !globals.quiet && env.TERM !== 'dumb',
      color: stderrColor,
    }),
    config,
    globals,
    out,
    signal: deps.signal ?? new AbortController().signal,
    binPath: deps.binPath,
    secrets,
    argv,
    settings: getSettings,
    credentials,
    token(kind) {
      let t = tokens.get(kind);
      if (!t) {
        const st = getSettings();
        const s = kind === 'key' ? st.apiKey : st.jwt;
        t = s ? credentials.read(s, kind === 'key' ? 'api_key' : 'jwt', st.profile.value, st.secureStorage) : Promise.resolve(undefined);
        t = t.then((v) => (v && secrets.add(v), v));
        t.catch(() => tokens.delete(kind));
        tokens.set(kind, t);
      }
      return t;
    },
    async sandbox() {
      sandboxTarget ??= import('./sandbox-target.js').then((m) => m.ensureSandbox(ctx));
      return sandboxTarget;
    },
    get api() {
      return (api ??= new Api({ client: (credential) => ctx.client({ auth: credential }), signal: ctx.signal }));
    },
    client(request: ClientRequest = {}) {
      if (request.token !== undefined || request.baseUrl !== undefined) return makeClient(request);
      const auth = request.auth ?? 'key';
      let made = clients.get(auth);
      if (!made) {
        clients.set(auth, (made = makeClient({ auth })));
        made.catch(() => clients.delete(auth));
      }
      return made;
    },
  };
  async function makeClient({ auth = 'key', ...override }: ClientRequest): Promise<Client> {
    const st = getSettings();
    if (st.sandbox && globals.baseUrl) throw usageError('--sandbox and --base-url cannot be combined', 'Drop one of them.');
    const baseUrl = override.baseUrl ?? (st.sandbox ? (await ctx.sandbox()).url : st.baseUrl?.value);
    if (!baseUrl) throw noBaseUrl();
    // A URL that cannot be used (userinfo, plain http to a remote host) is the first thing to fix, before any credential.
    checkBaseUrl(baseUrl);
    const token = override.token ?? (await tokenFor(auth, ctx));
    if (token) secrets.add(token);
    const opts: ClientOptions = {
      baseUrl,
      ...(token ? { token } : {}),
      sleep: ctx.clock.sleep,
      now: ctx.clock.now,
      onTrace: tracer(
        globals.debug ? debugTracer(stderr, { hints: !globals.quiet }) : undefined,
        noticeWaits({ note: (text) => ctx.progress.note(text), line: (text) => ctx.out.info(text) }),
        answers.listen,
      ),
    };
    const client = deps.makeClient ? await deps.makeClient(opts) : new (await import('../api/client.js')).Client(opts);
    deps.onClient?.(client);
    return client;
  }
  return ctx;
}
