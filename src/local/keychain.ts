import { spawn, type ChildProcess } from 'node:child_process';

/** The keychain's name for our entries: what a person sees as the service in Keychain Access, Seahorse or Credential Manager. */
export const KEYCHAIN_SERVICE = 'prospect-cli';

/** How long one keychain call may take: a locked keychain's prompt, or a Secret Service that never answers, must not hold a command. */
export const KEYCHAIN_TIMEOUT_MS = 3000;

/** The OS keychain, one secret per account name. Every failure is a KeychainUnavailable naming why. */
export interface Keychain {
  get(account: string, signal?: AbortSignal): Promise<string | null>;
  set(account: string, secret: string, signal?: AbortSignal): Promise<void>;
  /** True when there was an entry to delete. */
  delete(account: string, signal?: AbortSignal): Promise<boolean>;
}

/**
 * The keychain gave no usable answer: the binding did not load, no Secret Service runs, a call
 * timed out; or (`refused`) it answered no: locked, and its unlock prompt was dismissed.
 * `uncertain`: the call may have been carried out before its answer was lost (a timeout, a
 * Secret Service that stopped answering), so a write may have left an entry.
 */
export class KeychainUnavailable extends Error {
  readonly refused: boolean;
  readonly uncertain: boolean;
  constructor(
    readonly reason: string,
    o: { refused?: boolean; uncertain?: boolean } = {},
  ) {
    super(o.refused ? `the keychain refused: ${reason}` : `no keychain answered: ${reason}`);
    this.name = 'KeychainUnavailable';
    this.refused = o.refused ?? false;
    this.uncertain = o.uncertain ?? false;
  }
}

/** One keychain operation, as the helper process takes it on stdin. */
export interface KeychainRequest {
  op: 'get' | 'set' | 'delete';
  account: string;
  secret?: string;
}

/** The helper's answer: the operation's value, or the binding's error message. */
export type KeychainAnswer = { value: string | boolean | null } | { error: string } | { unloadable: string };

/**
 * The helper process: loads the binding (its path is argv[1]), runs one operation on the Secret
 * Service (pinned on Linux: the binding's fallback, the kernel keyring, forgets everything at
 * logout, and a saved key that vanishes is worse than a warning), answers on stdout. The
 * request comes on stdin, so a secret is never in a process list.
 */
const HELPER = `
let out;
let binding;
try { binding = require(process.argv[1]); } catch (e) { out = { unloadable: String((e && e.message) || e) }; }
let input = '';
process.stdin.setEncoding('utf8').on('data', (d) => (input += d)).on('end', () => {
  if (!out) {
    try {
      const r = JSON.parse(input);
      const e = new binding.Entry(${JSON.stringify(KEYCHAIN_SERVICE)}, r.account, { linux: { store: 'secret-service' } });
      out = { value: r.op === 'get' ? e.getPassword() : r.op === 'set' ? (e.setPassword(r.secret), null) : e.deletePassword() };
    } catch (e) { out = { error: String((e && e.message) || e) }; }
  }
  process.stdout.write('\\n' + JSON.stringify(out) + '\\n');
});`;

/** Helpers still running when the CLI exits (a second Ctrl-C) are killed with it: one stuck on a dead bus would wait for ever. */
const running = new Set<ChildProcess>();
const killRunning = () => {
  for (const child of running) child.kill('SIGKILL');
};

/** The helper's environment: the CLI's (it finds the session bus there), without NODE_OPTIONS, whose preloads or module type could break the helper or write on its stdout. */
function helperEnv(): NodeJS.ProcessEnv {
  const { NODE_OPTIONS: _options, ...env } = process.env;
  return env;
}

/**
 * Runs one operation in a helper process. The binding's calls block in native code (opening an
 * entry connects to D-Bus on the main thread; a locked keychain's prompt can wait for ever),
 * and Node waits for native work at exit, even a worker's: only a process can be abandoned. It
 * is killed at the timeout, and the command goes on.
 */
export function runInHelper(req: KeychainRequest, timeoutMs: number, signal?: AbortSignal): Promise<KeychainAnswer> {
  if (signal?.aborted) return Promise.reject(signal.reason);
  let bindingPath: string;
  try {
    bindingPath = require.resolve('@napi-rs/keyring');
  } catch (e) {
    return Promise.reject(new KeychainUnavailable(`the keychain binding is not installed (${firstLine(e)})`));
  }
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', HELPER, bindingPath], {
      stdio: ['pipe', 'pipe', 'pipe'],
      windowsHide: true,
      env: helperEnv(),
    });
    if (running.size === 0) process.once('exit', killRunning);
    running.add(child);
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const stop = (e: unknown) => {
      child.kill('SIGKILL');
      settle(() => reject(e));
    };
    const timer = setTimeout(
      () =>
        stop(
          new KeychainUnavailable(`the keychain did not answer within ${timeoutMs / 1000} s; is it locked, or waiting at a prompt?`, {
            uncertain: true,
          }),
        ),
      timeoutMs,
    );
    const onAbort = () => stop(signal!.reason);
    signal?.addEventListener('abort', onAbort, { once: true });
    let settled = false;
    function settle(then: () => void) {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      running.delete(child);
      if (running.size === 0) process.removeListener('exit', killRunning);
      then();
    }
    child.on('error', (e) => settle(() => reject(new KeychainUnavailable(`the keychain helper did not start (${firstLine(e)})`))));
    child.on('close', () =>
      settle(() => {
        // The answer is the helper's last line: anything a preload printed before it is not ours.
        const last = stdout.trimEnd().split('\n').at(-1) ?? '';
        try {
          resolve(JSON.parse(last) as KeychainAnswer);
        } catch {
          reject(
            new KeychainUnavailable(`the keychain helper ended without an answer (${firstLine(stderr.trim() || 'no message')})`, {
              uncertain: true,
            }),
          );
        }
      }),
    );
    child.stdin.on('error', () => undefined).end(JSON.stringify(req));
  });
}

/** What the binding's usual failures mean, in a person's words (the binding's text is kept for the rest); refusals are the keychain saying no. */
const KNOWN_REASONS: ReadonlyArray<[RegExp, string, { refused?: boolean; uncertain?: boolean }?]> = [
  [/prompt was dismissed|dismissed/i, 'it is locked, and its unlock prompt was dismissed', { refused: true }],
  [
    /DBUS_SESSION_BUS_ADDRESS|Failed to connect to socket|No such file or directory/i,
    'no D-Bus session bus, so no Secret Service (is DBUS_SESSION_BUS_ADDRESS set?)',
  ],
  [/Secret Service: no result found/i, 'the Secret Service has no default keyring'],
  [/Did not receive a reply/i, 'the Secret Service did not answer on D-Bus', { uncertain: true }],
  [/locked/i, 'the keychain is locked'],
];

/** A message's first line, short, without the binding's prefixes. */
function firstLine(e: unknown): string {
  const text = e instanceof Error ? e.message : String(e);
  const line = text
    .split('\n')[0]!
    .replace(/^((Platform failure|Couldn't access platform storage|GenericFailure|DBus error): *)+/i, '')
    .trim();
  return line.length > 200 ? `${line.slice(0, 197)}...` : line || 'the keychain gave no reason';
}

/** A keychain call's failure, in a person's words where it is a known one. */
function failure(message: string): KeychainUnavailable {
  const known = KNOWN_REASONS.find(([re]) => re.test(message));
  return known ? new KeychainUnavailable(known[1], known[2]) : new KeychainUnavailable(firstLine(message));
}

/**
 * The OS keychain through @napi-rs/keyring (macOS Keychain, Windows Credential Manager, the
 * Secret Service on Linux), in a helper process started for each call: nothing loads it but a
 * read or write of a secret kept there, and no call outlives its timeout.
 */
export function osKeychain({
  timeoutMs = KEYCHAIN_TIMEOUT_MS,
  run = runInHelper,
}: {
  timeoutMs?: number;
  run?: (req: KeychainRequest, timeoutMs: number, signal?: AbortSignal) => Promise<KeychainAnswer>;
} = {}): Keychain {
  const call = async (req: KeychainRequest, signal?: AbortSignal): Promise<KeychainAnswer & { value: unknown }> => {
    const answer = await run(req, timeoutMs, signal);
    if ('unloadable' in answer) throw new KeychainUnavailable(`the keychain binding did not load (${firstLine(answer.unloadable)})`);
    if ('error' in answer) throw failure(answer.error);
    return answer;
  };
  return {
    get: async (account, signal) => {
      const { value } = await call({ op: 'get', account }, signal);
      return typeof value === 'string' ? value : null;
    },
    set: async (account, secret, signal) => void (await call({ op: 'set', account, secret }, signal)),
    delete: async (account, signal) => (await call({ op: 'delete', account }, signal)).value === true,
  };
}
