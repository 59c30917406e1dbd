import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { control } from '../sandbox/helpers.js';
import { useSandboxEnv } from '../helpers/sandbox-env.js';
import { isolatedEnv, spawnProspect } from '../helpers/binary.js';
import { prospect } from '../helpers/in-process.js';

/**
 * Config changes are read-modify-writes under a lock: commands run at once never lose each
 * other's settings (only separate processes show that), the folder is made private, and names
 * every JavaScript object already has cannot be profiles.
 */
const t = useSandboxEnv({ withKey: false });

const configFile = (env: Record<string, string | undefined>) => path.join(env.PROSPECT_CONFIG_DIR!, 'config.json');
const saved = (env: Record<string, string | undefined>) => JSON.parse(readFileSync(configFile(env), 'utf8'));
const range = (n: number) => Array.from({ length: n }, (_, i) => i);

const login = (env: Record<string, string | undefined>, profile: string) =>
  spawnProspect(['auth', 'login', '--with-token', '--profile', profile, '--base-url', t.sb.url], { env, input: t.sb.demoKey });

describe('parallel processes changing one config', () => {
  it('20 logins at once, each to its own profile: all succeed and every profile is saved', async () => {
    await control(t.sb, 'POST', '/rate-limits', { enabled: false });
    const results = await Promise.all(range(20).map((i) => login(t.env, `p${i}`)));
    for (const r of results) expect(r.exitCode, r.stderr).toBe(0);
    const { profiles } = saved(t.env);
    expect(Object.keys(profiles).sort()).toEqual(
      range(20)
        .map((i) => `p${i}`)
        .sort(),
    );
    for (const p of Object.values(profiles)) expect(p).toEqual({ base_url: t.sb.url, api_key: t.sb.demoKey });
  });

  it('10 logins and 10 `config set` side by side: every setting is kept', async () => {
    await control(t.sb, 'POST', '/rate-limits', { enabled: false });
    const results = await Promise.all([
      ...range(10).map((i) => login(t.env, `p${i}`)),
      ...range(10).map((i) => spawnProspect(['config', 'set', 'max_cost', String(i + 1), '--profile', `q${i}`], { env: t.env })),
    ]);
    for (const r of results) expect(r.exitCode, r.stderr).toBe(0);
    const { profiles } = saved(t.env);
    for (const i of range(10)) {
      expect(profiles[`p${i}`], `p${i}`).toEqual({ base_url: t.sb.url, api_key: t.sb.demoKey });
      expect(profiles[`q${i}`], `q${i}`).toEqual({ max_cost: i + 1 });
    }
  });
});

describe('the config folder and its lock', () => {
  it('a config folder that exists with mode 0755 is 0700 after a write', async () => {
    const env = isolatedEnv();
    chmodSync(env.PROSPECT_CONFIG_DIR!, 0o755);
    const r = await prospect(['config', 'set', 'format', 'json'], { env });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(statSync(env.PROSPECT_CONFIG_DIR!).mode & 0o777).toBe(0o700);
    expect(saved(env).profiles.default).toEqual({ format: 'json' });
  });

  it('a lock left by a process that has exited does not hold `config set` up, and is cleared', async () => {
    const env = isolatedEnv();
    const gone = execa(process.execPath, ['-e', '0']);
    const pid = gone.pid!;
    await gone;
    const lock = `${configFile(env)}.lock`;
    mkdirSync(path.dirname(lock), { recursive: true });
    writeFileSync(lock, JSON.stringify({ pid, host: (await import('node:os')).hostname() }));
    const started = Date.now();
    const r = await prospect(['config', 'set', 'max_cost', '7'], { env });
    expect(r.exitCode, r.stderr).toBe(0);
    // The wait for a live holder is 15 s: well under it means the dead holder was seen at once.
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(saved(env).profiles.default).toEqual({ max_cost: 7 });
    expect(existsSync(lock)).toBe(false);
  });
});

describe('profile names every JavaScript object already has', () => {
  const before = { current_profile: 'work', profiles: { default: { format: 'csv' }, work: { max_cost: 5 } } };

  /** A config folder holding `before`; `unchanged` says whether config.json still holds exactly that. */
  function existingConfig() {
    const env = isolatedEnv();
    const text = `${JSON.stringify(before, null, 2)}\n`;
    writeFileSync(configFile(env), text, { mode: 0o600 });
    return { env, unchanged: () => readFileSync(configFile(env), 'utf8') === text };
  }

  /** Exit 2 and one error line naming `name`, no stack trace. */
  function expectRefused(r: { exitCode: number; stderr: string }, name: string) {
    expect(r.exitCode, r.stderr).toBe(2);
    const errors = r.stderr.split('\n').filter((l) => l.startsWith('error:'));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(`"${name}"`);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  }

  it.each(['__proto__', 'constructor'])(
    '--profile %s: config set and auth login exit 2 naming it; the file gains and loses nothing',
    async (name) => {
      const c = existingConfig();
      expectRefused(await prospect(['config', 'set', 'format', 'json', '--profile', name], { env: c.env }), name);
      expect(c.unchanged()).toBe(true);
      const loggedIn = await prospect(['auth', 'login', '--with-token', '--profile', name, '--base-url', t.sb.url], {
        env: c.env,
        input: t.sb.demoKey,
      });
      expectRefused(loggedIn, name);
      expect(c.unchanged()).toBe(true);
    },
  );

  it('config set current_profile __proto__ exits 2 naming it; the file gains and loses nothing', async () => {
    const c = existingConfig();
    expectRefused(await prospect(['config', 'set', 'current_profile', '__proto__'], { env: c.env }), '__proto__');
    expect(c.unchanged()).toBe(true);
  });
});
