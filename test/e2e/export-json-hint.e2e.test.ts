import { beforeEach, describe, expect, it } from 'vitest';
import { control } from '../sandbox/helpers.js';
import { useSandboxEnv } from '../helpers/sandbox-env.js';
import { prospect } from '../helpers/in-process.js';

/**
 * export json --all over more pages than one key may fetch in a minute (30) names the CSV
 * export once on stderr, with how long each takes; shorter exports finish as quickly as the
 * CSV export would and get no hint.
 */
const t = useSandboxEnv({ withKey: true });

beforeEach(async () => {
  await control(t.sb, 'POST', '/rate-limits', { enabled: false });
});

async function list(name: string, count: number): Promise<void> {
  const id = (await control(t.sb, 'POST', '/lists', { name })).list_id;
  await control(t.sb, 'POST', `/lists/${id}/generate`, { count });
}

const HINT = /take \d+ requests here/g;

describe('export json --all on a long list', () => {
  it('31 pages: one hint on stderr naming the export csv command and how long each takes; stdout is data only', async () => {
    await list('Q3 CTOs', 15_001);
    const r = await prospect(['export', 'json', 'Q3 CTOs', '--all', '--format', 'ndjson'], { env: t.env });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout.split('\n').filter(Boolean)).toHaveLength(15_001);
    expect(r.stderr).toContain(
      "15,001 leads take 31 requests here (500 a page), about 2 min at 30 requests a minute per key. The CSV export takes one request and one download whatever the size: prospect export csv 'Q3 CTOs'",
    );
    expect(r.stderr.match(HINT)).toHaveLength(1);
  });

  it('30 pages or fewer: no hint', async () => {
    await list('Q3 CTOs', 15_000);
    const r = await prospect(['export', 'json', 'Q3 CTOs', '--all', '--format', 'ndjson'], { env: t.env });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stderr).not.toMatch(HINT);
  });

  it('counts the pages of --page-size, and the command carries --columns and the global flags', async () => {
    await list('Small', 3_001);
    const r = await prospect(
      ['--base-url', t.sb.url, 'export', 'json', 'Small', '--all', '--page-size', '100', '--columns', 'email,company', '-o', 'out.json'],
      { env: t.env },
    );
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stderr).toContain(`3,001 leads take 31 requests here (100 a page), about 2 min at 30 requests a minute per key.`);
    expect(r.stderr).toContain(`prospect --base-url ${t.sb.url} export csv Small --columns email,company`);
    const csv = await prospect(['--base-url', t.sb.url, 'export', 'csv', 'Small', '--columns', 'email,company', '-o', '-'], { env: t.env });
    expect(csv.exitCode, csv.stderr).toBe(0);
    expect(csv.stdout.trim().split('\n')).toHaveLength(3_002);
  });
});
