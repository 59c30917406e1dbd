import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { prospect } from '../helpers/in-process.js';
import { pointRuntimeAt, useSandboxEnv } from '../helpers/sandbox-env.js';
import { control, raw } from '../sandbox/helpers.js';

/** `prospect sandbox snapshot save|load`, in process against the sandbox the data dir's runtime file names. */

const t = useSandboxEnv();

beforeEach(() => {
  pointRuntimeAt(t.env, t.sb);
});

const run = (...args: string[]) => prospect(['sandbox', 'snapshot', ...args], { env: t.env });
const balance = async () => (await raw(t.sb, 'GET', '/api/v2/credits/balance', { token: t.sb.demoKey })).json.credits;

describe('sandbox snapshot', () => {
  it('save writes the state, load brings it back, and a second save gives the same bytes', async () => {
    await control(t.sb, 'POST', '/clock', { set_ms: Date.UTC(2031, 5, 2), freeze: true });
    await control(t.sb, 'POST', '/balance', { credits: 777 });
    const file = path.join(t.env.PROSPECT_DATA_DIR!, 'snap.json');
    const save = await run('save', file);
    expect(save.exitCode, save.stderr).toBe(0);
    expect(save.stderr).toContain(`saved to ${file}`);
    await control(t.sb, 'POST', '/balance', { credits: 1 });
    const load = await run('load', file);
    expect(load.exitCode, load.stderr).toBe(0);
    const again = path.join(t.env.PROSPECT_DATA_DIR!, 'again.json');
    expect((await run('save', again)).exitCode).toBe(0);
    expect(readFileSync(again, 'utf8')).toBe(readFileSync(file, 'utf8'));
    expect(await balance()).toBe(777);
  });

  it('load refuses a missing or invalid file with one line naming it, exit 2', async () => {
    const missing = path.join(t.env.PROSPECT_DATA_DIR!, 'none.json');
    const r = await run('load', missing);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain(`${missing} does not exist`);
    const bad = path.join(t.env.PROSPECT_DATA_DIR!, 'bad.json');
    writeFileSync(bad, '{"format":"other"}');
    const b = await run('load', bad);
    expect(b.exitCode).toBe(2);
    expect(b.stderr).toContain(`${bad} is not a sandbox state file (format:`);
  });
});
