/**
 * Where `auth login` (and `keys create --save-profile`) put a secret: `auto`, the OS keychain
 * or, where none answers, the config file after a warning; `required`, the keychain or
 * nothing (and no plaintext secret is used); `off`, the config file.
 */
export const SECURE_STORAGE = ['auto', 'required', 'off'] as const;
export type SecureStorage = (typeof SECURE_STORAGE)[number];

export const isSecureStorage = (v: string): v is SecureStorage => (SECURE_STORAGE as readonly string[]).includes(v);
