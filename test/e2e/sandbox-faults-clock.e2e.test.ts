import { beforeEach, describe, expect, it } from 'vitest';
import { prospect } from '../helpers/in-process.js';
import { pointRuntimeAt, useSandboxEnv } from '../helpers/sandbox-env.js';
import { control, raw } from '../sandbox/helpers.js';

/**
 * `prospect sandbox faults add|ls|clear` and `prospect sandbox clock advance|set|freeze|unfreeze`,
 * run in process against the sandbox of this file, which the data dir's runtime file names as
 * the running one (as `sandbox start` would write it).
 */

const t = useSandboxEnv();

beforeEach(() => {
  pointRuntimeAt(t.env, t.sb);
});

const run = (...args: string[]) => prospect(['sandbox', ...args], { env: t.env });
const whoami = () => raw(t.sb, 'GET', '/api/v2/whoami', { token: t.sb.demoKey });

/** A bad input: exit 2, nothing on stdout, the error line naming the value, and the fix. */
async function refused(args: string[], problem: string, fix: string | RegExp): Promise<void> {
  const r = await run(...args);
  expect(r.exitCode, r.stderr).toBe(2);
  expect(r.stdout).toBe('');
  expect(r.stderr).toContain(problem);
  if (typeof fix === 'string') expect(r.stderr).toContain(fix);
  else expect(r.stderr).toMatch(fix);
}

describe('sandbox faults', () => {
  it('add puts a rule in force that answers the matching requests, ls shows it applied, clear removes it', async () => {
    const add = await run('faults', 'add', '--kind', 'status', '--status', '503', '--path', '/whoami', '--count', '2');
    expect(add.exitCode, add.stderr).toBe(0);
    expect(add.stdout).toBe('');
    expect(add.stderr).toMatch(/Fault rule \d+ added: status 503 on \/whoami, 2 times\. 1 rule in force\./);

    expect((await whoami()).status).toBe(503);
    expect((await whoami()).status).toBe(503);
    expect((await whoami()).status).toBe(200);
    // Another path is not touched.
    expect((await raw(t.sb, 'GET', '/api/v2/credits/balance', { token: t.sb.demoKey })).status).toBe(200);

    const ls = await run('faults', 'ls', '--json');
    expect(ls.exitCode, ls.stderr).toBe(0);
    expect(JSON.parse(ls.stdout)).toEqual({
      rules: [{ id: expect.any(Number), kind: 'status', status: 503, path: '/whoami', count: 2, matched: 3, applied: 2 }],
    });
    const table = await run('faults', 'ls', '--format', 'csv');
    expect(table.stdout.split('\n')[0]).toBe(
      'id,kind,method,path,phase,latency_ms,status,code,retry_after_sec,count,after,matched,applied',
    );
    expect(table.stdout.split('\n')[1]).toMatch(/^\d+,status,any,\/whoami,before,,503,,,2,0,3,2$/);

    const terminal = await run('faults', 'ls', '--format', 'table');
    expect(terminal.stdout.split('\n')[0]).toMatch(/^ID +METHOD +PATH +PHASE +DOES +COUNT +AFTER +MATCHED +APPLIED$/);
    expect(terminal.stdout.split('\n')[1]).toMatch(/^\d+ +any +\/whoami +before +status 503 +2 +0 +3 +2$/);

    const clear = await run('faults', 'clear');
    expect(clear.exitCode, clear.stderr).toBe(0);
    expect(clear.stderr).toContain('cleared: requests are answered normally again');
    expect((await control(t.sb, 'GET', '/faults')).rules).toEqual([]);
    const empty = await run('faults', 'ls', '--format', 'table');
    expect(empty.stdout).toBe('');
    expect(empty.stderr).toContain('No fault rules');
  });

  it('--json prints the answer of the control; every field of a rule has its flag', async () => {
    const add = await run(
      'faults',
      'add',
      '--json',
      '--kind',
      'rate_limit',
      '--method',
      'get',
      '--path',
      '/credits/*',
      '--phase',
      'after',
      '--code',
      'RATE_LIMITED',
      '--no-retryable',
      '--retry-after-sec',
      '7',
      '--count',
      '1',
      '--after',
      '1',
    );
    expect(add.exitCode, add.stderr).toBe(0);
    const rule = {
      id: expect.any(Number),
      kind: 'rate_limit',
      method: 'GET',
      path: '/credits/*',
      phase: 'after',
      code: 'RATE_LIMITED',
      retryable: false,
      retry_after_sec: 7,
      count: 1,
      after: 1,
      matched: 0,
      applied: 0,
    };
    expect(JSON.parse(add.stdout)).toEqual({ rules: [rule] });
    // The first matching request goes through; the second is handled, then answered 429 with Retry-After.
    expect((await raw(t.sb, 'GET', '/api/v2/credits/balance', { token: t.sb.demoKey })).status).toBe(200);
    const limited = await raw(t.sb, 'GET', '/api/v2/credits/balance', { token: t.sb.demoKey });
    expect(limited.status).toBe(429);
    expect(limited.headers['retry-after']).toBe('7');

    const latency = await run('faults', 'add', '--kind', 'latency', '--latency-ms', '1', '--json');
    expect(JSON.parse(latency.stdout).rules).toHaveLength(2);
    const cleared = await run('faults', 'clear', '--json');
    expect(JSON.parse(cleared.stdout)).toEqual({ rules: [] });
  });

  it('refuses bad input before anything is sent, naming the value and the fix (exit 2)', async () => {
    await refused(['faults', 'add', '--status', '503'], '--kind is required', 'Give --kind latency, status, drop or rate_limit.');
    await refused(['faults', 'add', '--kind', 'slow'], 'slow', /latency, status, drop, rate_limit/);
    await refused(['faults', 'add', '--kind', 'latency'], '--kind latency needs --latency-ms', 'e.g. --latency-ms 4000');
    await refused(
      ['faults', 'add', '--kind', 'drop', '--status', '502'],
      '--status does nothing for --kind drop',
      'Drop --status, or use --kind status.',
    );
    await refused(
      ['faults', 'add', '--kind', 'status', '--latency-ms', '10'],
      '--latency-ms does nothing for --kind status',
      'use --kind latency',
    );
    await refused(
      ['faults', 'add', '--kind', 'status', '--status', '200'],
      '--status must be from 400 to 599, got 200',
      'Give a number from 400 to 599.',
    );
    await refused(['faults', 'add', '--kind', 'status', '--count', '0'], '--count must be from 1', 'Give a number from 1');
    await refused(
      ['faults', 'add', '--kind', 'status', '--code', 'internal_eror'],
      '--code "internal_eror" is not an error code of the service',
      'Did you mean "internal_error"?',
    );
    await refused(['faults', 'add', '--kind', 'status', '--method', 'FETCH'], '--method does not accept "FETCH"', 'GET, POST');
    expect((await control(t.sb, 'GET', '/faults')).rules).toEqual([]);
    // What only the sandbox checks comes back as its 400, with the same exit code.
    await refused(
      ['faults', 'add', '--kind', 'status', '--path', '/^\\/whoami$/'],
      'looks like a regular expression',
      /\/lead-lists\/\*\/leads/,
    );
    expect((await control(t.sb, 'GET', '/faults')).rules).toEqual([]);
  });
});

describe('sandbox clock', () => {
  const START = Date.UTC(2031, 5, 2, 9);

  it('set --freeze stops the clock at that time; advance moves it, and a quote expires', async () => {
    const set = await run('clock', 'set', '2031-06-02T11:00:00+02:00', '--freeze');
    expect(set.exitCode, set.stderr).toBe(0);
    expect(set.stderr).toContain('Sandbox clock at 2031-06-02T09:00:00.000Z, frozen (');
    expect(await control(t.sb, 'GET', '/clock')).toMatchObject({ now_ms: START, frozen: true });
    const show = await run('clock', 'show', '--json');
    expect(show.exitCode, show.stderr).toBe(0);
    expect(JSON.parse(show.stdout)).toMatchObject({ now_ms: START, now: '2031-06-02T09:00:00.000Z', frozen: true });
    const shown = await run('clock', 'show');
    expect(shown.stdout).toContain('2031-06-02T09:00:00.000Z');
    expect(shown.stderr).toContain('Sandbox clock at 2031-06-02T09:00:00.000Z, frozen (');

    const list = await control(t.sb, 'POST', '/lists', { name: 'Clock test' });
    const estimate = await raw(t.sb, 'POST', '/api/v2/credits/estimate', {
      token: t.sb.demoKey,
      body: { tool: 'enrich_person', enrichment_type: 'partial' },
    });
    expect(estimate.status, estimate.text).toBe(200);
    const quote_id = estimate.json.quote_id as string;

    const advance = await run('clock', 'advance', '5m1s', '--json');
    expect(advance.exitCode, advance.stderr).toBe(0);
    expect(JSON.parse(advance.stdout)).toMatchObject({ now_ms: START + 301_000, now: '2031-06-02T09:05:01.000Z', frozen: true });
    const late = await raw(t.sb, 'POST', '/api/v2/enrichment/person', {
      token: t.sb.demoKey,
      body: { lead_list_id: list.id ?? list.list_id, email: 'someone@example.com', enrichment_type: 'partial', quote_id },
    });
    expect(late.status, late.text).toBe(400);
    expect(late.json.code ?? late.json.error?.code).toBe('quote_expired');

    const human = await run('clock', 'advance', '1d');
    expect(human.stderr).toContain('Moved 1d on. Sandbox clock at 2031-06-03T09:05:01.000Z, frozen (');
  });

  it('freeze stops the clock where it is, unfreeze lets it run on from there', async () => {
    const freeze = await run('clock', 'freeze', '--json');
    expect(freeze.exitCode, freeze.stderr).toBe(0);
    const frozen = JSON.parse(freeze.stdout);
    expect(frozen.frozen).toBe(true);
    await new Promise((r) => setTimeout(r, 20));
    expect((await control(t.sb, 'GET', '/clock')).now_ms).toBe(frozen.now_ms);

    const unfreeze = await run('clock', 'unfreeze');
    expect(unfreeze.exitCode, unfreeze.stderr).toBe(0);
    expect(unfreeze.stderr).toMatch(/Sandbox clock at \S+, running \(/);
    const running = await control(t.sb, 'GET', '/clock');
    expect(running.frozen).toBe(false);
    expect(running.now_ms).toBeGreaterThanOrEqual(frozen.now_ms);
    expect(running.now_ms - frozen.now_ms).toBeLessThan(60_000);

    // advance on a running clock: it runs on, 2 hours ahead of this machine.
    const ahead = JSON.parse((await run('clock', 'advance', '2h', '--json')).stdout);
    expect(ahead.frozen).toBe(false);
    expect(ahead.offset_ms).toBeGreaterThanOrEqual(7_200_000 - 60_000);
    expect((await run('clock', 'advance', '90s')).stderr).toMatch(
      /Moved 1m 30s on\. Sandbox clock at \S+, running \(2h 1m ahead of this machine\)/,
    );
  });

  it('refuses a bad duration or time, naming it and the fix (exit 2)', async () => {
    const before = await control(t.sb, 'POST', '/clock', { set_ms: START, freeze: true });
    const durationFix = 'e.g. 90s, 5m, 2h, 1d or 1h30m';
    await refused(['clock', 'advance', '90'], 'DURATION "90" is not a duration', durationFix);
    await refused(['clock', 'advance', '5x'], 'DURATION "5x" is not a duration', durationFix);
    await refused(['clock', 'advance', '0s'], 'DURATION "0s" moves the clock by nothing', durationFix);
    await refused(['clock', 'advance', '--', '-5m'], 'DURATION "-5m" is not a duration', durationFix);
    const timeFix = 'e.g. 2031-06-02T09:00:00Z';
    await refused(['clock', 'set', '2031-06-02T09:00'], 'TIME "2031-06-02T09:00" has no zone', timeFix);
    await refused(['clock', 'set', 'tomorrow'], 'TIME "tomorrow" is not an ISO 8601 time', timeFix);
    await refused(['clock', 'set', '2031-02-30'], 'TIME "2031-02-30" names a day that does not exist', timeFix);
    await refused(['clock', 'set', '1969-12-31T23:59:59Z'], 'TIME "1969-12-31T23:59:59Z" is before 1970', timeFix);
    await refused(['clock', 'advance'], 'duration', /./);
    expect((await control(t.sb, 'GET', '/clock')).now_ms).toBe(before.now_ms);
  });
});
