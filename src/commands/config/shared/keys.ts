import { checkBaseUrl } from '../../../api/base-url.js';
import { usageError } from '../../../cli/errors.js';
import { parseFormat } from '../../../cli/output/output.js';
import { SETTABLE_KEYS, type Profile, type SettableKey } from '../../../config/store.js';
import type { Context } from '../../../cli/context.js';
import { shellWord } from '../../../config/shell-word.js';
import { parseSecureStorage } from '../../../cli/cmdutil/secret-storage.js';

/** `current_profile` is global; the other keys belong to a profile. */
export const CONFIG_KEYS = ['current_profile', ...SETTABLE_KEYS] as const;
export type ConfigKey = (typeof CONFIG_KEYS)[number];

export function checkConfigKey(raw: string, verb: 'get' | 'set' | 'unset' = 'set'): ConfigKey {
  if ((CONFIG_KEYS as readonly string[]).includes(raw)) return raw as ConfigKey;
  if ((raw === 'api_key' || raw === 'jwt') && verb === 'unset')
    throw usageError(
      `${raw} cannot be unset here: secrets are removed by \`prospect auth logout\``,
      'Use `prospect auth logout` (with --profile NAME for another profile); it removes the key and JWT of the profile.',
    );
  if ((raw === 'api_key' || raw === 'jwt') && verb === 'get')
    throw usageError(
      `${raw} is not shown by config get: secrets are never printed`,
      '`prospect auth status` shows which credential a profile has, masked.',
    );
  if (raw === 'api_key' || raw === 'jwt')
    throw usageError(
      `${raw} cannot be set here: secrets on a command line end up in shell history`,
      'Use `prospect auth login` (it reads stdin or prompts).',
    );
  throw usageError(`unknown setting "${raw}"`, `Settings are: ${CONFIG_KEYS.join(', ')}.`);
}

/** Checks a value before it is saved; returns it in its stored form. */
export function checkConfigValue(key: SettableKey, raw: string): Profile[SettableKey] {
  switch (key) {
    case 'base_url':
      checkBaseUrl(raw);
      return raw.replace(/\/+$/, '');
    case 'format':
      return parseFormat(raw, 'config set format');
    case 'max_cost': {
      const n = Number(raw);
      if (raw.trim() === '' || !Number.isFinite(n) || n < 0) throw usageError(`max_cost must be a number of 0 or more, got "${raw}"`);
      return n;
    }
    case 'secure_storage':
      return parseSecureStorage(raw, 'secure_storage');
  }
}

/** The profiles a config file holds, for messages about a profile that is not there. */
export function profilesHint(names: readonly string[], name: string, opts: { create?: boolean } = {}): string {
  const create =
    opts.create === false
      ? ''
      : ` Create one with \`prospect auth login --profile ${shellWord(name)}\` or \`prospect config set base_url URL --profile ${shellWord(name)}\`.`;
  return names.length ? `Profiles saved: ${names.join(', ')}.${create}` : `No profiles are saved yet.${create}`;
}

/** Says which values of the wrong type a write replaced (a `profiles` list, a profile that was a string). */
export function warnReplaced(ctx: Context, replaced: readonly string[]): void {
  for (const key of replaced) ctx.out.warn(`${key} in ${ctx.config.file} had the wrong type and was replaced`);
}
