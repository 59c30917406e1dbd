import { maskSecret } from '../api/redact.js';
import { isObject } from '../api/is-object.js';
import { authError } from '../cli/errors.js';
import { KEYCHAIN_SERVICE, KeychainUnavailable, type Keychain } from '../local/keychain.js';
import { headerSafe, storedSecret, type SecretSetting, type Sourced } from './resolve.js';
import type { SecureStorage } from './secure-storage.js';
import {
  SECRET_KEYS,
  isKeychainRef,
  keychainEntriesOf,
  type ConfigStore,
  type KeychainRef,
  type Profile,
  type SecretKey,
} from './store.js';
import { shellWord } from './shell-word.js';

/** How a person names each secret. */
export const SECRET_NAME: Record<SecretKey, string> = { api_key: 'API key', jwt: 'session JWT' };
const ENV_OF: Record<SecretKey, string> = { api_key: 'PROSPECT_API_KEY', jwt: 'PROSPECT_JWT' };

export interface SavedSecret {
  in: 'keychain' | 'file';
  /** Why the keychain was not used, when `auto` fell back to the file. */
  fallback?: string;
  /** The secret the profile held before, masked. */
  previous?: string;
  /** Keychain entries that could not be deleted (the keychain stopped answering), for the person to remove. */
  left: string[];
}

export interface MovedSecret {
  profile: string;
  key: SecretKey;
  account: string;
}

/** Where a keychain entry is, as a person finds it in their keychain's window. */
export const entryName = (ref: Pick<KeychainRef, 'account'>) => `${KEYCHAIN_SERVICE} / ${ref.account}`;

/** What to do when secure storage is required and the keychain did not answer: turn it on, or allow the file where the setting came from. */
function allowFileFix(policy: Sourced<SecureStorage>, profile: string): string {
  const allow =
    policy.source === 'flag'
      ? 'drop --secure-storage required'
      : policy.source === 'env'
        ? 'set PROSPECT_SECURE_STORAGE=auto'
        : `run \`prospect config set secure_storage auto --profile ${shellWord(profile)}\``;
  return `Unlock or start your keychain (on Linux a Secret Service such as GNOME Keyring or KeePassXC), or, to allow the config file, ${allow}.`;
}

/** A keychain that refused (locked, its prompt dismissed) is never a reason to write plaintext: exit 3 whatever the setting. */
const refusedError = (e: KeychainUnavailable, what: string) =>
  authError(
    'keychain_refused',
    `${e.message}: the ${what} was not saved`,
    'Unlock the keychain and run the command again, or save to the config file with --secure-storage off.',
  );

const loginCommand = (profile: string, key: SecretKey) =>
  `prospect auth login${key === 'jwt' ? ' --jwt' : ''} --profile ${shellWord(profile)}`;

/**
 * The secrets of profiles: where they are saved (the OS keychain, or the 0600 config file),
 * read back, moved and removed. The config file says where each one is, so nothing but a
 * read or write of a keychain secret loads the keychain's binding.
 */
export class Credentials {
  constructor(
    private readonly config: ConfigStore,
    private readonly keychain: Keychain,
    /** The command's: Ctrl-C or SIGTERM stops a keychain call it waits on, and nothing is saved after. */
    private readonly signal?: AbortSignal,
  ) {}

  /** The value of a resolved secret: as given, or read from the keychain; `required` refuses one kept in plaintext. */
  async read(s: SecretSetting, key: SecretKey, profile: string, policy: Sourced<SecureStorage>): Promise<string> {
    const what = `the ${SECRET_NAME[key]} of profile "${profile}"`;
    if (s.in === 'file' && policy.value === 'required')
      throw authError(
        'plaintext_secret_refused',
        `${what} is stored in plaintext in ${this.config.file}, and secure storage is required`,
        'Move it into the keychain: prospect auth migrate',
      );
    if (s.value !== undefined) return s.value;
    const ref = s.ref!;
    let value: string | null;
    try {
      value = await this.keychain.get(ref.account, this.signal);
    } catch (e) {
      if (!(e instanceof KeychainUnavailable)) throw e;
      throw authError(
        e.refused ? 'keychain_refused' : 'keychain_unavailable',
        `${what} is in the keychain, and ${e.message}`,
        `Unlock your keychain and run the command again, or give the ${SECRET_NAME[key]} in ${ENV_OF[key]}.`,
      );
    }
    if (value === null)
      throw authError(
        'keychain_entry_missing',
        `${what} is no longer in the keychain (entry ${entryName(ref)})`,
        `Log in again: ${loginCommand(profile, key)}`,
      );
    return headerSafe({ value, source: 'profile' }, ENV_OF[key], key, profile).value;
  }

  /**
   * Saves a secret in a profile with `settings` (its base URL): in the keychain, or in the file
   * for `off` and, after a warning the caller prints, for `auto` where no keychain answered.
   * `required` without a keychain throws (exit 3) and changes nothing.
   */
  async save(
    profile: string,
    key: SecretKey,
    secret: string,
    policy: Sourced<SecureStorage>,
    settings: Partial<Profile>,
    opts: { becomeCurrent?: boolean } = {},
  ): Promise<SavedSecret> {
    let ref: KeychainRef | undefined;
    let fallback: string | undefined;
    let lost: string[] = [];
    if (policy.value !== 'off') {
      const account = newAccount(profile, key);
      try {
        await this.keychain.set(account, secret, this.signal);
        ref = { account, masked: maskSecret(secret) };
      } catch (e) {
        if (!(e instanceof KeychainUnavailable)) throw e;
        // A write whose answer was lost may have been made: its entry is deleted, or named.
        lost = await this.deleteLost(e, account);
        if (e.refused) throw refusedError(e, SECRET_NAME[key]);
        if (policy.value === 'required')
          throw authError(
            'keychain_unavailable',
            `${e.message}, and secure storage is required: the ${SECRET_NAME[key]} was not saved${lost.length ? ` (${leftText(lost)})` : ''}`,
            allowFileFix(policy, profile),
          );
        fallback = e.reason;
      }
    }
    let before: Profile = {};
    try {
      await this.config.updateProfile(
        profile,
        (p) => {
          before = p;
          return withSecret({ ...p, ...settings }, key, ref ? { ref } : { value: secret });
        },
        opts,
      );
    } catch (e) {
      if (ref) await this.keychain.delete(ref.account).catch(() => false);
      throw e;
    }
    const previous = storedSecret(before, key);
    // The entry the profile named before, also where a plaintext value beside it was the one in use.
    const old = before.keychain?.[key];
    const left = [...lost, ...(await this.deleteEntries(isKeychainRef(old) && old.account !== ref?.account ? [old] : []))];
    return { in: ref ? 'keychain' : 'file', ...(fallback ? { fallback } : {}), ...(previous ? { previous: previous.masked } : {}), left };
  }

  /** After a write whose answer was lost (`uncertain`), deletes the entry it may have made; returns its name when that fails too. */
  private async deleteLost(e: KeychainUnavailable, account: string): Promise<string[]> {
    if (!e.uncertain || this.signal?.aborted) return [];
    return this.deleteEntries([{ account }]);
  }

  /** Removes the secrets of a profile from the file and the keychain; returns the keychain entries left behind. */
  async forget(profile: string): Promise<string[]> {
    let before: Profile = {};
    await this.config.updateProfile(profile, (p) => {
      before = p;
      return SECRET_KEYS.reduce<Profile>((next, key) => withSecret(next, key, undefined), p);
    });
    // Entries named by a `keychain` of the wrong type cannot be found: only the readable ones are deleted.
    return this.deleteEntries(keychainEntriesOf(before).refs);
  }

  /**
   * Fails (exit 3) unless the keychain answers, before something that cannot be undone (a key
   * created on the service) is to be saved there under `required`.
   */
  async ensureKeychain(policy: Sourced<SecureStorage>, profile: string, what: string): Promise<void> {
    if (policy.value !== 'required') return;
    try {
      await this.keychain.get(newAccount(profile, 'api_key'), this.signal);
    } catch (e) {
      if (!(e instanceof KeychainUnavailable)) throw e;
      if (e.refused) throw refusedError(e, what);
      throw authError(
        'keychain_unavailable',
        `${e.message}, and secure storage is required: nothing was done`,
        allowFileFix(policy, profile),
      );
    }
  }

  /** Deletes keychain entries whose profile is gone; returns the names of those the keychain would not delete. */
  async deleteEntries(refs: ReadonlyArray<Pick<KeychainRef, 'account'>>): Promise<string[]> {
    const left: string[] = [];
    for (const ref of refs) {
      try {
        await this.keychain.delete(ref.account, this.signal);
      } catch (e) {
        if (!(e instanceof KeychainUnavailable)) throw e;
        left.push(entryName(ref));
      }
    }
    return left;
  }

  /**
   * Moves every secret the config file holds in plaintext into the keychain. Each is written and
   * read back before the file changes, in one write under the config's lock; a secret changed
   * meanwhile (a login in another terminal) stays as it is. Without a keychain nothing changes.
   */
  async migrate(): Promise<{ moved: MovedSecret[]; left: string[] }> {
    const written: Array<MovedSecret & { value: string }> = [];
    let writing: string | undefined;
    try {
      for (const profile of this.config.profileNames()) {
        const p = this.config.storedProfile(profile) ?? {};
        for (const key of SECRET_KEYS) {
          const value = p[key];
          if (typeof value !== 'string') continue;
          const account = newAccount(profile, key);
          writing = account;
          await this.keychain.set(account, value, this.signal);
          written.push({ profile, key, account, value });
          writing = undefined;
          if ((await this.keychain.get(account, this.signal)) !== value)
            throw new KeychainUnavailable(`the entry ${entryName({ account })} did not read back as written`);
        }
      }
    } catch (e) {
      if (this.signal?.aborted) throw e;
      const left = await this.deleteEntries(written);
      if (!(e instanceof KeychainUnavailable)) throw e;
      if (writing) left.push(...(await this.deleteLost(e, writing)));
      throw authError(
        e.refused ? 'keychain_refused' : 'keychain_unavailable',
        `${e.message}: nothing was moved${left.length ? ` (${leftText(left)})` : ''}`,
        'Unlock or start your keychain (on Linux a Secret Service such as GNOME Keyring or KeePassXC), and run `prospect auth migrate` again.',
      );
    }
    const moved: MovedSecret[] = [];
    const replaced: KeychainRef[] = [];
    await this.config.update((raw) => {
      const profiles = isObject(raw.profiles) ? raw.profiles : {};
      for (const w of written) {
        const p = profiles[w.profile];
        if (!isObject(p) || p[w.key] !== w.value) continue;
        const old = (p as Profile).keychain?.[w.key];
        if (isKeychainRef(old)) replaced.push(old);
        profiles[w.profile] = withSecret(p, w.key, { ref: { account: w.account, masked: maskSecret(w.value) } });
        moved.push({ profile: w.profile, key: w.key, account: w.account });
      }
    });
    const unused = written.filter((w) => !moved.some((m) => m.account === w.account));
    const left = await this.deleteEntries([...replaced, ...unused]);
    return { moved, left };
  }
}

/** Entries the keychain would not delete, said in an error. */
const leftText = (left: readonly string[]) =>
  `${left.length === 1 ? 'an entry' : 'entries'} may be left in the keychain: ${left.join(', ')}`;

/** A new account name for each save, so an entry is never shared between config folders or overwritten in place. */
const newAccount = (profile: string, key: SecretKey) =>
  `${profile}/${key}/${process.getBuiltinModule('node:crypto').randomBytes(4).toString('hex')}`;

/** The profile with `key` kept as given (a keychain entry or a plaintext value), or removed; the other place is cleared. */
function withSecret(p: Profile, key: SecretKey, to: { ref: KeychainRef } | { value: string } | undefined): Profile {
  const { [key]: _plain, keychain, ...rest } = p;
  const refs = { ...(isObject(keychain) ? keychain : {}) };
  delete refs[key];
  if (to && 'ref' in to) refs[key] = to.ref;
  const next: Profile = { ...rest };
  if (to && 'value' in to) next[key] = to.value;
  if (Object.keys(refs).length > 0) next.keychain = refs;
  return next;
}
