import { describe, expect, it } from 'vitest';
import { KeychainUnavailable, osKeychain } from '../../src/local/keychain.js';

type Binding = typeof import('@napi-rs/keyring');

/** A binding whose entries behave as `entry` says, created with the options the keychain gives. */
function fakeBinding(entry: (signal?: AbortSignal | null) => Promise<string | null>, seen: unknown[] = []): () => Promise<Binding> {
  class AsyncEntry {
    constructor(...args: unknown[]) {
      seen.push(args);
    }
    getPassword = entry;
  }
  return async () => ({ AsyncEntry }) as unknown as Binding;
}

describe('the OS keychain wrapper', () => {
  it('gives up on a call the keychain never answers (a locked keychain waiting at a prompt), and asks the binding to stop', async () => {
    let aborted: AbortSignal | undefined;
    const never = (signal?: AbortSignal | null) => {
      aborted = signal ?? undefined;
      return new Promise<string | null>(() => undefined);
    };
    const kc = osKeychain({ timeoutMs: 50, load: fakeBinding(never) });
    const e = await kc.get('default/api_key/1').catch((err: unknown) => err);
    expect(e).toBeInstanceOf(KeychainUnavailable);
    expect((e as KeychainUnavailable).message).toBe('no keychain answered: the keychain did not answer within 0.05 s (is it locked, or waiting at a prompt?)');
    expect(aborted?.aborted).toBe(true);
  });

  it('pins Linux entries to the Secret Service (never the kernel keyring, which forgets at logout), under the service prospect-cli', async () => {
    const seen: unknown[] = [];
    await osKeychain({ load: fakeBinding(async () => 'svcapi_x', seen) }).get('work/api_key/2');
    expect(seen).toEqual([['prospect-cli', 'work/api_key/2', { linux: { store: 'secret-service' } }]]);
  });

  it('says the binding\'s usual failures in a person\'s words, and a missing binding as such', async () => {
    const failing = (message: string) => osKeychain({ load: fakeBinding(() => Promise.reject(new Error(message))) }).get('a');
    await expect(failing("Couldn't access platform storage: Secret Service: no result found")).rejects.toThrow('no keychain answered: the Secret Service has no default keyring');
    await expect(failing('Platform failure: DBus error: Using X11 for dbus-daemon autolaunch was disabled at compile time, set your DBUS_SESSION_BUS_ADDRESS instead')).rejects.toThrow(
      'no keychain answered: no D-Bus session bus, so no Secret Service (is DBUS_SESSION_BUS_ADDRESS set?)',
    );
    await expect(failing('Platform failure: something new\nwith a second line')).rejects.toThrow(/^no keychain answered: something new$/);
    const missing = osKeychain({ load: () => Promise.reject(new Error("Cannot find module '@napi-rs/keyring-linux-s390x-gnu'")) });
    await expect(missing.set('a', 'b')).rejects.toThrow("no keychain answered: the keychain binding did not load (Cannot find module '@napi-rs/keyring-linux-s390x-gnu')");
  });
});
