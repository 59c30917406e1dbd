import type { Context } from '../context.js';
import { SECRET_NAME, type SavedSecret } from '../../config/credentials.js';
import { FILE_MODE, type SecretKey } from '../../config/store.js';
import { resolveSecureStorage, type Sourced } from '../../config/resolve.js';
import { isSecureStorage, SECURE_STORAGE, type SecureStorage } from '../../config/secure-storage.js';
import { usageError } from '../errors.js';

/** Where secrets go (--secure-storage, the secure_storage setting) and what the commands that save or remove one say about it. */

const MODE = FILE_MODE.toString(8).padStart(4, '0');

/** A value of --secure-storage or the secure_storage setting, or a usage error naming the three. */
export function parseSecureStorage(raw: string, what: string): SecureStorage {
  const v = raw.trim().toLowerCase();
  if (isSecureStorage(v)) return v;
  throw usageError(
    `${what} must be one of ${SECURE_STORAGE.join(', ')}, got "${raw}"`,
    'auto: the keychain, or the config file with a warning where none answers; required: the keychain or nothing; off: the config file.',
  );
}

/** --secure-storage of the commands that save a secret. */
export const SECURE_STORAGE_FLAG = {
  flags: '--secure-storage <mode>',
  description:
    'where the secret goes: auto (the OS keychain, else the config file with a warning), required (the keychain or nothing), off (the config file)',
} as const;

/** The flag's mode when given, else the setting of the profile saved into (PROSPECT_SECURE_STORAGE, its secure_storage, the default profile's, auto). */
export function secureStorageOf(ctx: Context, flag: string | undefined, profile?: string): Sourced<SecureStorage> {
  if (flag !== undefined) return { value: parseSecureStorage(flag, '--secure-storage'), source: 'flag' };
  return profile === undefined ? ctx.settings().secureStorage : resolveSecureStorage(profile, ctx.env, ctx.config);
}

/** Says where a saved secret went; where `auto` found no keychain, one warning line says why and what to do. */
export function reportSaved(ctx: Context, saved: SavedSecret, key: SecretKey, profile: string): void {
  const what = SECRET_NAME[key];
  if (saved.in === 'keychain')
    ctx.out.info(`Saved to profile "${profile}": the ${what} in the OS keychain, the other settings in ${ctx.config.file}.`);
  else if (saved.fallback)
    ctx.out.warn(
      `no keychain answered (${saved.fallback}), so the ${what} is saved in plaintext in ${ctx.config.file} (mode ${MODE}, readable only by you); ` +
        'run `prospect auth migrate` once a keychain runs, or refuse plaintext with --secure-storage required.',
    );
  else
    ctx.out.info(
      `Saved to profile "${profile}" in ${ctx.config.file}, in plaintext (mode ${MODE}, readable only by you), as secure storage is off.`,
    );
  keychainLeftWarning(ctx, saved.left);
}

/** Keychain entries the keychain would not delete (it stopped answering): named, for the person to remove. */
export function keychainLeftWarning(ctx: Context, left: readonly string[]): void {
  if (left.length > 0)
    ctx.out.warn(
      `the keychain did not answer, so ${left.length === 1 ? 'this entry is' : 'these entries are'} left in it: ${left.join(', ')}; delete ${left.length === 1 ? 'it' : 'them'} in your keychain's app.`,
    );
}
