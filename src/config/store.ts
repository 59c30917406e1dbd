import { readFileSync, mkdirSync, chmodSync, lstatSync } from 'node:fs';
import { writePrivateFile } from '../local/private-file.js';
import path from 'node:path';
import { configFile } from '../local/paths.js';
import { ConfigurationError } from '../api/errors.js';
import { isObject } from '../api/is-object.js';
import { FORMATS } from '../cli/output/output.js';
import { withLock } from '../local/lock.js';
import { reservedNameProblem } from './reserved-names.js';
import { SECURE_STORAGE, isSecureStorage } from './secure-storage.js';
import { shellWord } from './shell-word.js';

type Env = Record<string, string | undefined>;

/** The secrets a profile holds: an API key and a session JWT. */
export const SECRET_KEYS = ['api_key', 'jwt'] as const;
export type SecretKey = (typeof SECRET_KEYS)[number];

/** A secret kept in the OS keychain: its entry's account name, and its masked form (shown without asking the keychain). */
export interface KeychainRef {
  account: string;
  masked: string;
}

/**
 * One named set of settings. A secret is either in the OS keychain (`keychain` names its entry)
 * or, where no keychain answered or by choice, in this file (0600) as `api_key` / `jwt`.
 */
export interface Profile {
  base_url?: string;
  api_key?: string;
  jwt?: string;
  keychain?: Partial<Record<SecretKey, KeychainRef>>;
  format?: string;
  max_cost?: number;
  secure_storage?: string;
}

export interface ConfigData {
  current_profile?: string;
  profiles: Record<string, Profile>;
}

/** Settings `config set` accepts; secrets go through `auth login` only. */
export const SETTABLE_KEYS = ['base_url', 'format', 'max_cost', 'secure_storage'] as const;
export type SettableKey = (typeof SETTABLE_KEYS)[number];

/** A value of the file that has the wrong type: `key` is its path, `profiles.work.base_url`. */
export interface ConfigProblem {
  key: string;
  problem: string;
}

type RawObject = Record<string, unknown>;
const kind = (v: unknown) =>
  Array.isArray(v) ? 'a list' : v === null ? 'null' : typeof v === 'object' ? 'an object' : `${typeof v} ${JSON.stringify(v)}`;

/** Checks one stored setting; returns what is wrong with it, or undefined. */
function checkStored(key: string, v: unknown): string | undefined {
  switch (key) {
    case 'base_url':
    case 'api_key':
    case 'jwt':
      return typeof v === 'string' ? undefined : `is ${kind(v)}, not a string`;
    case 'format':
      if (typeof v !== 'string') return `is ${kind(v)}, not a string`;
      return (FORMATS as readonly string[]).includes(v.trim().toLowerCase()) ? undefined : `is "${v}", not one of ${FORMATS.join(', ')}`;
    case 'max_cost':
      return typeof v === 'number' && Number.isFinite(v) && v >= 0 ? undefined : `is ${kind(v)}, not a number of 0 or more`;
    case 'secure_storage':
      return typeof v === 'string' && isSecureStorage(v) ? undefined : `is ${kind(v)}, not one of ${SECURE_STORAGE.join(', ')}`;
    case 'keychain':
      return isKeychainRefs(v) ? undefined : `is ${kind(v)}, not the keychain entries of api_key and jwt ({"account": ..., "masked": ...})`;
    default:
      return undefined;
  }
}

export const isKeychainRef = (v: unknown): v is KeychainRef =>
  isObject(v) && typeof v.account === 'string' && v.account !== '' && typeof v.masked === 'string';
const isKeychainRefs = (v: unknown) =>
  isObject(v) && Object.entries(v).every(([k, ref]) => (SECRET_KEYS as readonly string[]).includes(k) && isKeychainRef(ref));

/**
 * The keychain entries a profile names, as stored: those that can be found, and whether any
 * cannot (a `keychain` of the wrong type, a hand edit), so nothing deletes them.
 */
export function keychainEntriesOf(p: { keychain?: unknown }): { refs: KeychainRef[]; unreadable: boolean } {
  const k = p.keychain;
  if (k === undefined) return { refs: [], unreadable: false };
  if (!isObject(k)) return { refs: [], unreadable: true };
  const values = Object.values(k);
  const refs = values.filter(isKeychainRef);
  return { refs, unreadable: refs.length < values.length };
}

/** Splits the parsed file into the settings that can be used and the values of the wrong type. */
function sanitize(raw: unknown): { data: ConfigData; problems: ConfigProblem[] } {
  const problems: ConfigProblem[] = [];
  const data: ConfigData = { profiles: {} };
  if (!isObject(raw)) {
    problems.push({ key: '(the whole file)', problem: `is ${kind(raw)}, not an object` });
    return { data, problems };
  }
  if (raw.current_profile !== undefined) {
    if (typeof raw.current_profile === 'string') data.current_profile = raw.current_profile;
    else problems.push({ key: 'current_profile', problem: `is ${kind(raw.current_profile)}, not a string` });
  }
  if (raw.profiles === undefined) return { data, problems };
  if (!isObject(raw.profiles)) {
    problems.push({ key: 'profiles', problem: `is ${kind(raw.profiles)}, not an object of profiles` });
    return { data, problems };
  }
  for (const [name, p] of Object.entries(raw.profiles)) {
    const reserved = reservedNameProblem(name);
    if (reserved) {
      problems.push({ key: `profiles.${name}`, problem: reserved });
      continue;
    }
    if (!isObject(p)) {
      problems.push({ key: `profiles.${name}`, problem: `is ${kind(p)}, not an object of settings` });
      continue;
    }
    const clean: RawObject = {};
    for (const [k, v] of Object.entries(p)) {
      const problem = checkStored(k, v);
      if (problem) problems.push({ key: `profiles.${name}.${k}`, problem });
      else clean[k] = v;
    }
    data.profiles[name] = clean;
  }
  return { data, problems };
}

/** How to repair the value at `key` (`profiles.work.base_url`, `current_profile`, `profiles.work`). */
function problemFix(key: string): string {
  const setting = /^profiles\.(.+)\.(\w+)$/.exec(key);
  if (setting && (SECRET_KEYS as readonly string[]).concat('keychain').includes(setting[2]!))
    return `Remove the profile's stored credentials, and log in again after: \`prospect auth logout --profile ${shellWord(setting[1]!)}\``;
  if (setting)
    return `Set it again with \`prospect config set ${setting[2]} VALUE --profile ${shellWord(setting[1]!)}\`, or remove it with \`prospect config unset ${setting[2]} --profile ${shellWord(setting[1]!)}\`.`;
  if (key === 'current_profile')
    return 'Choose one with `prospect config set current_profile NAME`, or remove it with `prospect config unset current_profile`.';
  if (!key.startsWith('profiles.'))
    return 'Save a setting with `prospect config set KEY VALUE` (it replaces the broken value), or fix the file by hand.';
  const profile = key.slice('profiles.'.length);
  const remove = `Remove it with \`prospect config rm-profile ${profile}\``;
  // A profile of a reserved name cannot be set, only removed.
  return reservedNameProblem(profile)
    ? `${remove}.`
    : `${remove}, or set a value in it with \`prospect config set KEY VALUE --profile ${profile}\`.`;
}

export const FILE_MODE = 0o600;
export const DIR_MODE = 0o700;

/**
 * Reading is a plain JSON read (start-up stays fast). Every change is a read-modify-write
 * under the config's lock (parallel logins and `config set` take turns, none loses another's
 * setting), written atomically with mode 0600, never through a link (bench/README.md says why
 * this is not conf).
 */
export class ConfigStore {
  readonly file: string;
  private cache: { raw: unknown; data: ConfigData; problems: ConfigProblem[] } | undefined;

  constructor(env: Env) {
    this.file = configFile(env);
  }

  /** The usable settings: values of the wrong type are left out (see `problems()` and `failOn()`). */
  read(): ConfigData {
    return this.load().data;
  }

  /** Every value of the file that has the wrong type. */
  problems(): readonly ConfigProblem[] {
    return this.load().problems;
  }

  /** Throws the error naming the file and the key when the value at `key` (or the object holding it) has the wrong type. */
  failOn(key: string): void {
    const bad = this.load().problems.find((p) => p.key === key || key.startsWith(`${p.key}.`) || p.key === '(the whole file)');
    if (bad) throw this.problemError(bad);
  }

  problemError(p: ConfigProblem): ConfigurationError {
    return new ConfigurationError(`${this.file}: ${p.key} ${p.problem}`, problemFix(p.key));
  }

  /** Names of the profiles in the file, also those whose settings have the wrong type. */
  profileNames(): string[] {
    const raw = this.load().raw;
    return isObject(raw) && isObject(raw.profiles) ? Object.keys(raw.profiles) : [];
  }

  /** The settings of a profile as stored, wrong types included (what `config unset` can remove); undefined when there is no such object. */
  storedProfile(name: string): RawObject | undefined {
    const raw = this.load().raw;
    if (!isObject(raw) || !isObject(raw.profiles)) return undefined;
    const p = Object.hasOwn(raw.profiles, name) ? raw.profiles[name] : undefined;
    return isObject(p) ? p : undefined;
  }

  private load(): { raw: unknown; data: ConfigData; problems: ConfigProblem[] } {
    if (this.cache) return this.cache;
    let raw: unknown;
    try {
      raw = JSON.parse(readFileSync(this.file, 'utf8'));
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT')
        throw new ConfigurationError(
          `cannot read ${this.file}: ${(e as Error).message}`,
          'Fix or remove the file (it holds your profiles), or point PROSPECT_CONFIG_DIR elsewhere.',
        );
      raw = {};
    }
    this.cache = { raw, ...sanitize(raw) };
    return this.cache;
  }

  profile(name: string): Profile | undefined {
    const { profiles } = this.read();
    return Object.hasOwn(profiles, name) ? profiles[name] : undefined;
  }

  /**
   * Writes the file as given (the caller holds the lock); wrong types elsewhere in it are kept as
   * they are. Through writePrivateFile: a new 0600 file renamed into place. A link at the name is
   * refused, never written through (it holds keys).
   */
  private write(data: RawObject): void {
    if (lstatSync(this.file, { throwIfNoEntry: false })?.isSymbolicLink())
      throw new ConfigurationError(
        `${this.file} is a symbolic link: profiles and their keys are written only into a plain file, never through a link`,
        `Replace the link with a file (or remove it), or point PROSPECT_CONFIG_DIR at the folder it points into.`,
      );
    writePrivateFile(this.file, `${JSON.stringify(data, undefined, '\t')}\n`);
  }

  /** The config folder, made if missing and forced to 0700 (only its owner may list or plant files in it). */
  private ensureDir(): void {
    const dir = path.dirname(this.file);
    mkdirSync(dir, { recursive: true, mode: DIR_MODE });
    chmodSync(dir, DIR_MODE);
  }

  /**
   * Changes the file as stored: `change` gets a copy of it as it is now, read under the lock
   * (an object whatever the file held), and what it leaves is written. Returns the keys whose
   * wrong-typed value was replaced.
   */
  async update(change: (raw: RawObject) => void): Promise<string[]> {
    this.ensureDir();
    return withLock(this.file, { what: 'the config file' }, async () => {
      this.cache = undefined;
      const raw = this.load().raw;
      const copy: RawObject = isObject(raw) ? structuredClone(raw) : {};
      change(copy);
      this.write(copy);
      this.cache = undefined;
      return isObject(raw) ? [] : ['(the whole file)'];
    });
  }

  /**
   * Changes one profile (undefined removes it); with `becomeCurrent`, it is made current when none is. One write.
   * A `profiles` or a profile of the wrong type is replaced by an object; the keys replaced are returned.
   */
  async updateProfile(
    name: string,
    change: (p: Profile) => Profile | undefined,
    opts: { becomeCurrent?: boolean } = {},
  ): Promise<string[]> {
    const reserved = reservedNameProblem(name);
    if (reserved) throw new ConfigurationError(`profile "${name}" ${reserved}`, 'Choose another profile name.');
    const replaced: string[] = [];
    replaced.push(
      ...(await this.update((data) => {
        if (data.profiles !== undefined && !isObject(data.profiles)) replaced.push('profiles');
        const profiles: RawObject = isObject(data.profiles) ? data.profiles : {};
        data.profiles = profiles;
        const before = profiles[name];
        if (before !== undefined && !isObject(before)) replaced.push(`profiles.${name}`);
        const next = change({ ...(isObject(before) ? before : {}) });
        if (next === undefined) delete profiles[name];
        else profiles[name] = next;
        if (opts.becomeCurrent && (typeof data.current_profile !== 'string' || data.current_profile === '')) data.current_profile = name;
      })),
    );
    return replaced;
  }
}
