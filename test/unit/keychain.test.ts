import { describe, expect, it } from 'vitest';
import { KeychainUnavailable, osKeychain, type KeychainAnswer, type KeychainRequest } from '../../src/local/keychain.js';

/** A keychain whose helper answers every request as `answer` says. */
const answering = (answer: (req: KeychainRequest) => KeychainAnswer, seen: KeychainRequest[] = []) =>
  osKeychain({ run: async (req) => (seen.push(req), answer(req)) });

describe('the OS keychain wrapper', () => {
  it('passes the operation, the account and the secret, and reads the answer', async () => {
    const seen: KeychainRequest[] = [];
    const kc = answering((req) => ({ value: req.op === 'get' ? 'svcapi_x' : req.op === 'delete' ? true : null }), seen);
    expect(await kc.get('work/api_key/2')).toBe('svcapi_x');
    await kc.set('work/api_key/3', 'svcapi_y');
    expect(await kc.delete('work/api_key/2')).toBe(true);
    expect(seen).toEqual([
      { op: 'get', account: 'work/api_key/2' },
      { op: 'set', account: 'work/api_key/3', secret: 'svcapi_y' },
      { op: 'delete', account: 'work/api_key/2' },
    ]);
  });

  it("says the binding's usual failures in a person's words, a dismissed unlock prompt as a refusal, and a binding that did not load as such", async () => {
    const failing = (error: string) => answering(() => ({ error })).get('a');
    await expect(failing("Couldn't access platform storage: Secret Service: no result found")).rejects.toThrow(
      'no keychain answered: the Secret Service has no default keyring',
    );
    await expect(
      failing(
        'Platform failure: DBus error: Using X11 for dbus-daemon autolaunch was disabled at compile time, set your DBUS_SESSION_BUS_ADDRESS instead',
      ),
    ).rejects.toThrow('no keychain answered: no D-Bus session bus, so no Secret Service (is DBUS_SESSION_BUS_ADDRESS set?)');
    await expect(failing('Platform failure: something new\nwith a second line')).rejects.toThrow(/^no keychain answered: something new$/);
    const dismissed = await failing('Platform failure: Secret Service: unlock prompt was dismissed').catch((e: unknown) => e);
    expect(dismissed).toMatchObject({ refused: true, message: 'the keychain refused: it is locked, and its unlock prompt was dismissed' });
    await expect(answering(() => ({ unloadable: "Cannot find module '@napi-rs/keyring-linux-s390x-gnu'" })).set('a', 'b')).rejects.toThrow(
      "no keychain answered: the keychain binding did not load (Cannot find module '@napi-rs/keyring-linux-s390x-gnu')",
    );
  });
});

describe('a keychain write whose answer was lost', () => {
  it('is deleted before the secret falls back to the file, so no entry is left that no profile names', async () => {
    const { Credentials } = await import('../../src/config/credentials.js');
    const { ConfigStore } = await import('../../src/config/store.js');
    const { tempDir } = await import('../helpers/temp-dir.js');
    const deleted: string[] = [];
    let written = '';
    const keychain = {
      get: async () => null,
      set: async (account: string) => {
        written = account;
        throw new KeychainUnavailable('the keychain did not answer within 3 s', { uncertain: true });
      },
      delete: async (account: string) => (deleted.push(account), true),
    };
    const config = new ConfigStore({ PROSPECT_CONFIG_DIR: tempDir() });
    const saved = await new Credentials(config, keychain).save(
      'work',
      'api_key',
      `svcapi_${'a'.repeat(64)}`,
      { value: 'auto', source: 'default' },
      { base_url: 'https://api.example.com' },
    );
    expect(saved).toMatchObject({ in: 'file', left: [] });
    expect(deleted).toEqual([written]);
    expect(written).toMatch(/^work\/api_key\/[0-9a-f]{8}$/);
  });
});
