import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigStore } from '../../src/config/store.js';
import { resolveSettings } from '../../src/config/resolve.js';
import { tempDir } from '../helpers/temp-dir.js';

const KEY_A = `svcapi_${'a'.repeat(64)}`;
const KEY_B = `svcapi_${'b'.repeat(64)}`;

function storeWith(data: unknown) {
  const dir = tempDir();
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'config.json'), JSON.stringify(data));
  const env = { PROSPECT_CONFIG_DIR: dir };
  return { env, store: new ConfigStore(env) };
}

const config = {
  current_profile: 'work',
  profiles: {
    default: { base_url: 'https://default.example', api_key: KEY_A, format: 'csv' },
    work: { base_url: 'https://work.example', api_key: KEY_B },
  },
};

describe('resolveSettings: flag > environment > chosen profile > default profile', () => {
  it('uses the current profile, falling back to the default profile for non-secret settings', () => {
    const { env, store } = storeWith(config);
    const s = resolveSettings({}, env, store);
    expect(s.profile).toEqual({ value: 'work', source: 'profile' });
    expect(s.baseUrl).toEqual({ value: 'https://work.example', source: 'profile' });
    expect(s.apiKey).toEqual({ value: KEY_B, source: 'profile', in: 'file', masked: `${KEY_B.slice(0, 10)}...${KEY_B.slice(-4)}` });
    expect(s.format).toEqual({ value: 'csv', source: 'default-profile' });
  });

  it('environment beats the profile; flags beat the environment', () => {
    const { env, store } = storeWith(config);
    const e = {
      ...env,
      PROSPECT_BASE_URL: 'https://env.example',
      PROSPECT_API_KEY: KEY_A,
      PROSPECT_PROFILE: 'default',
      PROSPECT_FORMAT: 'json',
    };
    const s = resolveSettings({}, e, store);
    expect(s.profile).toEqual({ value: 'default', source: 'env' });
    expect(s.baseUrl).toEqual({ value: 'https://env.example', source: 'env' });
    expect(s.apiKey).toEqual({ value: KEY_A, source: 'env', in: 'environment', masked: `${KEY_A.slice(0, 10)}...${KEY_A.slice(-4)}` });
    expect(s.format).toEqual({ value: 'json', source: 'env' });
    const f = resolveSettings({ profile: 'work', baseUrl: 'https://flag.example', format: 'tsv' }, e, store);
    expect(f.profile).toEqual({ value: 'work', source: 'flag' });
    expect(f.baseUrl).toEqual({ value: 'https://flag.example', source: 'flag' });
    expect(f.format).toEqual({ value: 'tsv', source: 'flag' });
  });

  it('never takes a key from another profile', () => {
    const { env, store } = storeWith({ profiles: { default: { base_url: 'https://default.example', api_key: KEY_A }, empty: {} } });
    const s = resolveSettings({ profile: 'empty' }, env, store);
    expect(s.apiKey).toBeUndefined();
    expect(s.baseUrl?.source).toBe('default-profile');
  });

  it("a profile with its own key never borrows the default profile's URL for it", () => {
    const { env, store } = storeWith({ profiles: { default: { base_url: 'https://default.example' }, keyed: { api_key: KEY_B } } });
    const s = resolveSettings({ profile: 'keyed' }, env, store);
    expect(s.apiKey?.value).toBe(KEY_B);
    expect(s.baseUrl).toBeUndefined();
  });

  it('the profile named sandbox means the local sandbox', () => {
    const { env, store } = storeWith({ profiles: {} });
    expect(resolveSettings({ profile: 'sandbox' }, env, store).sandbox).toBe(true);
    expect(resolveSettings({ sandbox: true }, env, store).sandbox).toBe(true);
    expect(resolveSettings({}, env, store).sandbox).toBe(false);
  });

  it('PROSPECT_MAX_COST must be a number of 0 or more', () => {
    const env = { PROSPECT_CONFIG_DIR: tempDir() };
    const store = new ConfigStore(env);
    expect(resolveSettings({}, { ...env, PROSPECT_MAX_COST: '250' }, store).maxCost).toEqual({ value: 250, source: 'env' });
    for (const bad of ['lots', '-5'])
      expect(() => resolveSettings({}, { ...env, PROSPECT_MAX_COST: bad }, store)).toThrow(
        /PROSPECT_MAX_COST must be a number of 0 or more/,
      );
  });

  it('a credential with a pasted newline is trimmed; one a header cannot carry is a configuration error that does not print it', () => {
    const env = { PROSPECT_CONFIG_DIR: tempDir() };
    const store = new ConfigStore(env);
    const key = `svcapi_${'k'.repeat(64)}`;
    expect(resolveSettings({}, { ...env, PROSPECT_API_KEY: `${key}\n` }, store).apiKey?.value).toBe(key);
    for (const bad of [`${key.slice(0, 20)}\n${key.slice(20)}`, `${key.slice(0, 20)} ${key.slice(20)}`, `${key}é`]) {
      let message = '';
      try {
        resolveSettings({}, { ...env, PROSPECT_API_KEY: bad }, store);
      } catch (e) {
        message = (e as Error).message;
      }
      expect(message).toMatch(/^PROSPECT_API_KEY holds characters a credential cannot have/);
      expect(message).not.toContain(key.slice(8, 20));
    }
    expect(() => resolveSettings({}, { ...env, PROSPECT_JWT: 'a.b\u0000.c' }, store)).toThrow(/PROSPECT_JWT holds characters/);
  });

  it('works without any config file', () => {
    const env = { PROSPECT_CONFIG_DIR: tempDir() };
    const s = resolveSettings({}, env, new ConfigStore(env));
    expect(s.profile).toEqual({ value: 'default', source: 'default' });
    expect(s.apiKey).toBeUndefined();
  });
});
