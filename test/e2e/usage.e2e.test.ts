import { describe, expect, it } from 'vitest';
import { control, MINUTE_START, raw } from '../sandbox/helpers.js';
import { useSandboxEnv } from '../helpers/sandbox-env.js';
import { runInProcess } from '../helpers/in-process.js';
import { json } from '../helpers/json.js';
import { DAY_MS } from '../../src/api/schemas/limits.js';

const t = useSandboxEnv({ withKey: true });
const usage = (args: string[], tty = false) => runInProcess(['usage', ...args], { env: { ...t.env, NO_COLOR: '1' }, tty });

/** Two days of calls with the demo key: 3 balance reads on the first, 1 read and 1 not-found on the second. */
async function twoDays(): Promise<void> {
  const call = (path: string) => raw(t.sb, 'GET', `/api/v2${path}`, { token: t.sb.demoKey });
  await control(t.sb, 'POST', '/clock', { set_ms: MINUTE_START, freeze: true });
  for (let i = 0; i < 3; i++) expect((await call('/credits/balance')).status).toBe(200);
  await control(t.sb, 'POST', '/clock', { set_ms: MINUTE_START + DAY_MS, freeze: true });
  expect((await call('/credits/balance')).status).toBe(200);
  expect((await call('/lead-lists/00000000-0000-4000-8000-000000000000')).status).toBe(404);
}

const day = (offset: number) => new Date(MINUTE_START + offset * DAY_MS).toISOString().slice(0, 10);

describe('usage', () => {
  it('by day in a pipe: tsv rows in date order; json is the payload', async () => {
    await twoDays();
    const r = await usage(['--group-by', 'day']);
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines[0]).toBe('group\tcalls\tcredits_spent\terrors');
    expect(lines.slice(1, 3)).toEqual([`${day(0)}\t3\t0\t0`, expect.stringMatching(new RegExp(`^${day(1)}\\t\\d+\\t0\\t1$`))]);
    expect(r.stderr).toMatch(/\d+ calls, 0 credits, 1 error in the last 7 days, by day/);

    const j = await usage(['--group-by', 'day', '--json']);
    const payload = json(j.stdout);
    expect(payload).toMatchObject({ days: 7, group_by: 'day', total_errors: 1 });
    expect(payload.rows[0]).toEqual({ group: day(0), calls: 3, credits_spent: 0, errors: 0 });
  });

  it('on a terminal each row has a bar scaled to the busiest row', async () => {
    await twoDays();
    const r = await usage(['--group-by', 'tool'], true);
    expect(r.code, r.stderr).toBe(0);
    const balance = r.stdout.split('\n').find((l) => l.includes('/credits/balance'))!;
    const notFound = r.stdout.split('\n').find((l) => l.includes('/lead-lists/'))!;
    expect(balance).toContain('█'.repeat(30));
    expect(notFound).toMatch(/ █{7}[▏▎▍▌▋▊▉]?\s*$/); // 1 call of 4 (or 5 with the usage call itself): a quarter or less
    expect(notFound).not.toContain('█'.repeat(8));
    // Beside each endpoint, the commands that call it.
    expect(r.stdout.split('\n')[0]).toMatch(/^GROUP +CALLS +CREDITS_SPENT +ERRORS +COMMANDS +CALLS_CHART$/);
    expect(balance).toMatch(/\/credits\/balance +\d+ +0 +0 +credits balance +█/);
    expect(notFound).toMatch(/\/lead-lists\/\{list_id\} +\d+ +0 +1 +lists get, lists update, lists rm +█/);
    const piped = await usage(['--group-by', 'tool', '--format', 'csv']);
    expect(piped.stdout.split('\n')[0]).toBe('group,calls,credits_spent,errors');
    expect(piped.stdout).not.toContain('█');
  });

  it('group by error lists the error codes', async () => {
    await twoDays();
    const r = await usage(['--group-by', 'error', '--days', '30', '--json']);
    expect(json(r.stdout).rows).toEqual([expect.objectContaining({ calls: 1, errors: 1 })]);
  });

  it('bad --days or --group-by exits 2 before sending; no API key exits 3', async () => {
    for (const args of [
      ['--days', '0'],
      ['--days', '366'],
      ['--group-by', 'month'],
    ]) {
      const r = await usage(args);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(args[0]);
    }
    const none = await runInProcess(['usage'], { env: { ...t.env, PROSPECT_API_KEY: undefined } });
    expect(none.code).toBe(3);
  });
});
