import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { tempDir } from './temp-dir.js';

/**
 * A Secret Service of the test's own: a D-Bus session bus from `dbus-run-session` with GNOME
 * Keyring on it, its login keyring unlocked, in a home folder of its own (the developer's
 * keyrings are never touched). `address` is the bus a process gets in DBUS_SESSION_BUS_ADDRESS.
 */
export interface TestSecretService {
  address: string;
  close(): Promise<void>;
}

const SCRIPT = [
  // The daemon keeps running after --unlock; its output would hold our stdout open.
  'printf %s test-keyring-password | gnome-keyring-daemon --unlock --components=secrets >/dev/null 2>&1 || exit 1',
  'echo "$DBUS_SESSION_BUS_ADDRESS"',
  // Lives until the test closes stdin; dbus-run-session then ends the bus and the keyring with it.
  'exec cat >/dev/null',
].join('\n');

export async function startSecretService(): Promise<TestSecretService> {
  const home = tempDir('prospect-keyring-');
  const runtime = path.join(home, 'run');
  mkdirSync(runtime, { mode: 0o700 });
  const child: ChildProcess = spawn('dbus-run-session', ['--', 'sh', '-c', SCRIPT], {
    env: {
      PATH: process.env.PATH,
      HOME: home,
      XDG_DATA_HOME: path.join(home, 'share'),
      XDG_RUNTIME_DIR: runtime,
      XDG_CONFIG_HOME: path.join(home, 'config'),
    },
    stdio: ['pipe', 'pipe', 'ignore'],
  });
  const exited = once(child, 'exit');
  const lines = createInterface({ input: child.stdout! });
  const first = await Promise.race([once(lines, 'line').then(([l]) => String(l)), exited.then(() => undefined)]);
  lines.close();
  child.stdout!.destroy();
  if (!first?.startsWith('unix:'))
    throw new Error(
      'could not start a test Secret Service: dbus-run-session and gnome-keyring-daemon must be installed (.ci/run installs dbus and gnome-keyring)',
    );
  return {
    address: first,
    async close() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.stdin!.end();
      await exited;
    },
  };
}

/** A bus address where nothing listens: a machine with no Secret Service (a server, a container, CI). */
export const NO_SECRET_SERVICE = 'unix:path=/nonexistent/prospect-test-no-bus';
