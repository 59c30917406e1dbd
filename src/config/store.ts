import { readFileSync, mkdirSync, chmodSync, existsSync } from 'node:fs';
import path from 'node:path';
import { configFile } from './paths.js';
import { ConfigurationError } from '../api/errors.js';

type Env = Record<string, string | undefined>;

/** One named set of settings. Secrets are stored here, in a file only its owner can read (0600). */
export interface Profile {
  base_url?: string;
  api_key?: string;
  jwt?: string;
  format?: string;
  max_cost?: number;
}

export interface ConfigData {
  current_profile?: string;
  profiles: Record<string, Profile>;
}

/** Settings `config set` accepts; secrets go through `auth login` only. */
export const SETTABLE_KEYS = ['base_url', 'format', 'max_cost'] as const;
export type SettableKey = (typeof SETTABLE_KEYS)[number];

export const FILE_MODE = 0o600;
export const DIR_MODE = 0o700;

/**
 * Reading is a plain JSON read (start-up stays fast); writing goes through conf, loaded
 * only then, which writes atomically with mode 0600.
 */
export class ConfigStore {
  readonly file: string;
  private cache: ConfigData | undefined;

  constructor(env: Env) {
    this.file = configFile(env);
  }

  read(): ConfigData {
    if (this.cache) return this.cache;
    let data: ConfigData = { profiles: {} };
    try {
      const parsed = JSON.parse(readFileSync(this.file, 'utf8')) as Partial<ConfigData>;
      data = { ...parsed, profiles: parsed.profiles && typeof parsed.profiles === 'object' ? parsed.profiles : {} };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT')
        throw new ConfigurationError(
          `cannot read ${this.file}: ${(e as Error).message}`,
          'Fix or remove the file (it holds your profiles), or point PROSPECT_CONFIG_DIR elsewhere.',
        );
    }
    this.cache = data;
    return data;
  }

  profile(name: string): Profile | undefined {
    return this.read().profiles[name];
  }

  async write(data: ConfigData): Promise<void> {
    const dir = path.dirname(this.file);
    if (!existsSync(dir)) mkdirSync(dir, { recursive: true, mode: DIR_MODE });
    const { default: Conf } = await import('conf');
    const conf = new Conf<ConfigData>({
      cwd: dir,
      configName: path.basename(this.file, '.json'),
      projectName: 'prospect',
      configFileMode: FILE_MODE,
      accessPropertiesByDotNotation: false,
      clearInvalidConfig: false,
    });
    conf.store = data;
    // conf keeps an existing file's mode; make sure it is 0600 whatever was there before.
    chmodSync(this.file, FILE_MODE);
    this.cache = data;
  }

  /** Changes one profile (undefined removes it); with `becomeCurrent`, it is made current when none is. One write. */
  async updateProfile(name: string, change: (p: Profile) => Profile | undefined, opts: { becomeCurrent?: boolean } = {}): Promise<void> {
    const data = structuredClone(this.read());
    const next = change({ ...(data.profiles[name] ?? {}) });
    if (next === undefined) delete data.profiles[name];
    else data.profiles[name] = next;
    if (opts.becomeCurrent && !data.current_profile) data.current_profile = name;
    await this.write(data);
  }
}
