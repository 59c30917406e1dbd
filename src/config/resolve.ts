import { ConfigurationError } from '../api/errors.js';
import type { ConfigStore, KeychainRef, Profile, SecretKey } from './store.js';
import { shellWord } from './shell-word.js';
import { reservedNameProblem } from './reserved-names.js';
import { maskSecret } from '../api/redact.js';
import { isSecureStorage, SECURE_STORAGE, type SecureStorage } from './secure-storage.js';

type Env = Record<string, string | undefined>;

/** Where a setting came from, in resolution order: flag, environment, chosen profile, default profile. */
export type Source = 'flag' | 'env' | 'profile' | 'default-profile' | 'sandbox' | 'default';

export interface Sourced<T> {
  value: T;
  source: Source;
}

export interface ResolveFlags {
  profile?: string | undefined;
  sandbox?: boolean | undefined;
  baseUrl?: string | undefined;
  format?: string | undefined;
  maxCost?: number | undefined;
}

/** Where a secret a command would use lives. */
export type StoredIn = 'environment' | 'file' | 'keychain';

/**
 * An API key or JWT as resolved: its value when known without the keychain (the environment,
 * the config file), or the keychain entry it is read from when a command needs it (ctx.token()).
 */
export interface SecretSetting {
  source: Source;
  in: StoredIn;
  value?: string;
  ref?: KeychainRef;
  /** The secret masked, for status lines (a keychain secret's as saved beside its entry). */
  masked: string;
}

export interface Settings {
  profile: Sourced<string>;
  /** True with --sandbox or the profile named `sandbox`: the local sandbox with the demo organization's key. */
  sandbox: boolean;
  baseUrl?: Sourced<string>;
  apiKey?: SecretSetting;
  jwt?: SecretSetting;
  format?: Sourced<string>;
  maxCost?: Sourced<number>;
  /** Where new secrets go, and whether a plaintext one may be used (secure-storage.ts). */
  secureStorage: Sourced<SecureStorage>;
}

export const DEFAULT_PROFILE = 'default';
export const SANDBOX_PROFILE = 'sandbox';

const nonEmpty = (v: string | undefined): v is string => typeof v === 'string' && v.trim() !== '';

/**
 * Resolves every setting by the order flag > environment > chosen profile > default profile.
 * Secrets never cross profiles: a key or JWT comes from the chosen profile only, so a key
 * saved for one service is never sent to another profile's base URL.
 */
export function resolveSettings(flags: ResolveFlags, env: Env, store: ConfigStore): Settings {
  const profile = resolveProfileName(flags, env, store);
  const chosen: Profile = profileOf(store, profile.value);
  const fallback: Profile = profile.value === DEFAULT_PROFILE ? {} : profileOf(store, DEFAULT_PROFILE);
  const sandbox = flags.sandbox === true || profile.value === SANDBOX_PROFILE;

  const pick = <K extends keyof Profile>(key: K, flag: Profile[K] | undefined, envName: string | undefined, crossProfiles: boolean) => {
    if (flag !== undefined && flag !== '') return { value: flag, source: 'flag' as const };
    const e = envName ? env[envName] : undefined;
    if (nonEmpty(e)) return { value: e as NonNullable<Profile[K]>, source: 'env' as const };
    store.failOn(`profiles.${profile.value}.${key}`);
    if (chosen[key] !== undefined) return { value: chosen[key], source: 'profile' as const };
    if (!crossProfiles || profile.value === DEFAULT_PROFILE) return undefined;
    store.failOn(`profiles.${DEFAULT_PROFILE}.${key}`);
    if (fallback[key] !== undefined) return { value: fallback[key], source: 'default-profile' as const };
    return undefined;
  };

  const secret = (key: SecretKey, envName: string): SecretSetting | undefined => {
    const e = env[envName];
    if (nonEmpty(e))
      return { ...headerSafe({ value: e, source: 'env' }, envName, key, profile.value), in: 'environment', masked: maskSecret(e.trim()) };
    store.failOn(`profiles.${profile.value}.${key}`);
    store.failOn(`profiles.${profile.value}.keychain`);
    const stored = storedSecret(chosen, key);
    if (!stored) return undefined;
    if (stored.in === 'file') return { ...stored, ...headerSafe({ value: stored.value!, source: 'profile' }, envName, key, profile.value) };
    return { ...stored, source: 'profile' };
  };

  const s: Settings = { profile, sandbox, secureStorage: resolveSecureStorage(profile.value, env, store) };
  // A profile holding its own credential never borrows another profile's URL for it.
  const ownsCredential = storedSecret(chosen, 'api_key') !== undefined || storedSecret(chosen, 'jwt') !== undefined;
  const baseUrl = pick('base_url', flags.baseUrl, 'PROSPECT_BASE_URL', !ownsCredential);
  const apiKey = secret('api_key', 'PROSPECT_API_KEY');
  const jwt = secret('jwt', 'PROSPECT_JWT');
  const format = pick('format', flags.format, 'PROSPECT_FORMAT', true);
  const maxCostEnv = env.PROSPECT_MAX_COST;
  if (nonEmpty(maxCostEnv) && !(Number(maxCostEnv) >= 0))
    throw new ConfigurationError(`PROSPECT_MAX_COST must be a number of 0 or more, got "${maxCostEnv}"`, 'Fix or unset PROSPECT_MAX_COST.');
  const maxCost =
    flags.maxCost !== undefined
      ? { value: flags.maxCost, source: 'flag' as const }
      : nonEmpty(maxCostEnv)
        ? { value: Number(maxCostEnv), source: 'env' as const }
        : pick('max_cost', undefined, undefined, true);
  if (baseUrl) s.baseUrl = baseUrl;
  if (apiKey) s.apiKey = apiKey;
  if (jwt) s.jwt = jwt;
  if (format) s.format = format;
  if (maxCost) s.maxCost = maxCost;
  return s;
}

/**
 * Where a secret saved in `profile` goes: PROSPECT_SECURE_STORAGE, that profile's
 * secure_storage, the default profile's, then auto (a command's --secure-storage comes first).
 */
export function resolveSecureStorage(profile: string, env: Env, store: ConfigStore): Sourced<SecureStorage> {
  const e = env.PROSPECT_SECURE_STORAGE?.trim();
  if (nonEmpty(e)) {
    if (!isSecureStorage(e))
      throw new ConfigurationError(
        `PROSPECT_SECURE_STORAGE must be one of ${SECURE_STORAGE.join(', ')}, got "${e}"`,
        'Fix or unset PROSPECT_SECURE_STORAGE.',
      );
    return { value: e, source: 'env' };
  }
  const places: Array<[string, Source]> = [
    [profile, 'profile'],
    ...(profile === DEFAULT_PROFILE ? [] : [[DEFAULT_PROFILE, 'default-profile'] as [string, Source]]),
  ];
  for (const [name, source] of places) {
    store.failOn(`profiles.${name}.secure_storage`);
    const v = store.profile(name)?.secure_storage;
    if (v !== undefined) return { value: v as SecureStorage, source };
  }
  return { value: 'auto', source: 'default' };
}

/**
 * The profile a command uses: --profile, PROSPECT_PROFILE, current_profile, `default`. Reads
 * nothing else of the file, so `config set` and `config unset` can repair a profile whose
 * settings have the wrong type; a `current_profile` of the wrong type fails only when it decides.
 */
export function resolveProfileName(flags: Pick<ResolveFlags, 'profile'>, env: Env, store: ConfigStore): Sourced<string> {
  if (nonEmpty(flags.profile)) return usableProfileName({ value: flags.profile, source: 'flag' }, '--profile', store);
  if (nonEmpty(env.PROSPECT_PROFILE)) return usableProfileName({ value: env.PROSPECT_PROFILE, source: 'env' }, 'PROSPECT_PROFILE', store);
  store.failOn('current_profile');
  const current = store.read().current_profile;
  return nonEmpty(current)
    ? usableProfileName({ value: current, source: 'profile' }, 'current_profile', store)
    : { value: DEFAULT_PROFILE, source: 'default' };
}

/** The name, unless it is one a profile cannot have (`__proto__`, `constructor`): then an error naming where it came from. */
export function usableProfileName<T extends { value: string }>(name: T, from: string, store: ConfigStore): T {
  const problem = reservedNameProblem(name.value);
  if (!problem) return name;
  const fix =
    from === 'current_profile'
      ? 'Choose another with `prospect config set current_profile NAME`, or remove it with `prospect config unset current_profile`.'
      : 'Choose another profile name.';
  throw new ConfigurationError(
    `${from === 'current_profile' ? `current_profile in ${store.file}` : from}: "${name.value}" ${problem}`,
    fix,
  );
}

/** A profile's usable settings; fails naming the file when `profiles` or that profile is not an object. */
function profileOf(store: ConfigStore, name: string): Profile {
  store.failOn('profiles');
  if (store.profileNames().includes(name)) store.failOn(`profiles.${name}`);
  return store.profile(name) ?? {};
}

/**
 * Where a profile keeps a secret, as stored. A plaintext value wins over a keychain entry: only a
 * version of this tool from before the keychain writes one beside the other, and it wrote it later.
 */
export function storedSecret(p: Profile, key: SecretKey): Pick<SecretSetting, 'in' | 'value' | 'ref' | 'masked'> | undefined {
  const value = p[key];
  if (typeof value === 'string') return { in: 'file', value, masked: maskSecret(value.trim()) };
  const ref = p.keychain?.[key];
  return ref ? { in: 'keychain', ref, masked: ref.masked } : undefined;
}

/**
 * A credential goes into the Authorization header: surrounding whitespace (a pasted newline)
 * is dropped, and anything else a header cannot carry is a configuration error naming where
 * the credential came from, never the credential itself.
 */
export function headerSafe(c: Sourced<string>, envName: string, key: string, profile: string): Sourced<string> {
  const value = c.value.trim();
  if (/^[\x21-\x7e]+$/.test(value)) return { ...c, value };
  const where = c.source === 'env' ? envName : `the ${key} of profile "${profile}"`;
  throw new ConfigurationError(
    `${where} holds characters a credential cannot have (spaces, control characters or non-ASCII)`,
    c.source === 'env'
      ? `Set ${envName} to the credential alone.`
      : `Log in again: prospect auth login${key === 'jwt' ? ' --jwt' : ''} --profile ${shellWord(profile)}`,
  );
}
