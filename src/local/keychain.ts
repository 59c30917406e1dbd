import type { AsyncEntry as Entry } from '@napi-rs/keyring';

/** The keychain's name for our entries: what a person sees as the service in Keychain Access, Seahorse or Credential Manager. */
export const KEYCHAIN_SERVICE = 'prospect-cli';

/** How long one keychain call may take: a locked keychain's prompt, or a Secret Service that never answers, must not hold a command. */
export const KEYCHAIN_TIMEOUT_MS = 3000;

/** The OS keychain, one secret per account name. Every failure is a KeychainUnavailable naming why. */
export interface Keychain {
  get(account: string): Promise<string | null>;
  set(account: string, secret: string): Promise<void>;
  /** True when there was an entry to delete. */
  delete(account: string): Promise<boolean>;
}

/** No keychain answered: the binding did not load, no Secret Service runs, the keychain is locked, or a call timed out. */
export class KeychainUnavailable extends Error {
  constructor(readonly reason: string) {
    super(`no keychain answered: ${reason}`);
    this.name = 'KeychainUnavailable';
  }
}

type Binding = typeof import('@napi-rs/keyring');

/** What the binding's usual failures mean, in a person's words (the binding's text is kept for the rest). */
const KNOWN_REASONS: ReadonlyArray<[RegExp, string]> = [
  [/DBUS_SESSION_BUS_ADDRESS|Failed to connect to socket|No such file or directory/i, 'no D-Bus session bus, so no Secret Service (is DBUS_SESSION_BUS_ADDRESS set?)'],
  [/Secret Service: no result found/i, 'the Secret Service has no default keyring'],
  [/Did not receive a reply/i, 'the Secret Service did not answer on D-Bus'],
  [/locked/i, 'the keychain is locked'],
];

/** A message's first line, short, without the binding's prefixes. */
function firstLine(e: unknown): string {
  const text = e instanceof Error ? e.message : String(e);
  const line = text.split('\n')[0]!.replace(/^((Platform failure|Couldn't access platform storage|GenericFailure|DBus error): *)+/i, '').trim();
  return line.length > 200 ? `${line.slice(0, 197)}...` : line || 'the keychain gave no reason';
}

/** A keychain call's failure as one short line, in a person's words where it is a known one. */
function reasonOf(e: unknown): string {
  const text = e instanceof Error ? e.message : String(e);
  return KNOWN_REASONS.find(([re]) => re.test(text))?.[1] ?? firstLine(e);
}

/**
 * The OS keychain through @napi-rs/keyring (macOS Keychain, Windows Credential Manager, the
 * Secret Service on Linux), loaded on the first call, never before: the native binding costs
 * about 20 ms to load, which commands given their key in the environment never pay.
 * On Linux the entry is pinned to the Secret Service: the binding's own fallback, the kernel
 * keyring, forgets everything at logout, and a saved key that vanishes is worse than a warning.
 */
export function osKeychain({ timeoutMs = KEYCHAIN_TIMEOUT_MS, load = () => import('@napi-rs/keyring') }: { timeoutMs?: number; load?: () => Promise<Binding> } = {}): Keychain {
  let binding: Promise<Binding> | undefined;
  const entry = async (account: string): Promise<Entry> => {
    binding ??= load();
    let b: Binding;
    try {
      b = await binding;
    } catch (e) {
      throw new KeychainUnavailable(`the keychain binding did not load (${firstLine(e)})`);
    }
    // Opening an entry connects to the keychain (on Linux, D-Bus: bounded by the binding at about 2 s).
    try {
      return new b.AsyncEntry(KEYCHAIN_SERVICE, account, { linux: { store: 'secret-service' } });
    } catch (e) {
      throw new KeychainUnavailable(reasonOf(e));
    }
  };
  /** One call, abandoned after the timeout: the binding is asked to stop, and the command goes on either way. */
  const call = async <T>(account: string, op: (e: Entry, signal: AbortSignal) => Promise<T>): Promise<T> => {
    const e = await entry(account);
    const abort = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        abort.abort();
        reject(new KeychainUnavailable(`the keychain did not answer within ${timeoutMs / 1000} s (is it locked, or waiting at a prompt?)`));
      }, timeoutMs);
      timer.unref();
    });
    try {
      return await Promise.race([op(e, abort.signal), timedOut]);
    } catch (err) {
      throw err instanceof KeychainUnavailable ? err : new KeychainUnavailable(reasonOf(err));
    } finally {
      clearTimeout(timer);
    }
  };
  return {
    get: (account) => call(account, (e, signal) => e.getPassword(signal)),
    set: (account, secret) => call(account, (e, signal) => e.setPassword(secret, signal)),
    delete: (account) => call(account, (e, signal) => e.deletePassword(signal)),
  };
}
