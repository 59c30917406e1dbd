import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { control, openSandbox, type RunningSandbox } from '../sandbox/helpers.js';
import { isolatedEnv, prospect } from '../helpers/binary.js';

let sb: RunningSandbox;
let env: Record<string, string | undefined>;
beforeAll(async () => {
  sb = await openSandbox();
});
afterAll(() => sb.close());
beforeEach(async () => {
  await control(sb, 'POST', '/reset', {});
  env = isolatedEnv({ PROSPECT_BASE_URL: sb.url, PROSPECT_API_KEY: sb.demoKey });
});

describe('whoami and credits balance', () => {
  it('whoami --json prints the identity payload as the service returned it', async () => {
    const r = await prospect(['whoami', '--json'], { env });
    expect(r.exitCode).toBe(0);
    const id = JSON.parse(r.stdout);
    expect(id.organization_id).toBe(sb.store.demo.organization_id);
    expect(id.organization_name).toBe('Acme Demo');
    expect(id.auth_type).toBe('api_key');
    expect(id.user_email).toMatch(/^[a-z]\*\*\*@/);
    expect(id.scopes).toContain('credits:read');
  });

  it('piped without flags, the output is tsv with a header', async () => {
    const r = await prospect(['whoami'], { env });
    expect(r.exitCode).toBe(0);
    const [header, row, rest] = r.stdout.split('\n');
    expect(header!.split('\t')).toEqual(['user_email', 'user_name', 'user_id', 'organization_name', 'organization_id', 'auth_type', 'tier', 'partner_tier', 'scopes', 'features']);
    expect(row!.split('\t')[4]).toBe(sb.store.demo.organization_id);
    expect(rest).toBe('');
  });

  it('--fields picks columns; PROSPECT_FORMAT sets the default format', async () => {
    const r = await prospect(['whoami', '--fields', 'tier,organization_id'], { env });
    expect(r.stdout).toBe(`tier\torganization_id\npro\t${sb.store.demo.organization_id}\n`);
    const c = await prospect(['credits', 'balance'], { env: { ...env, PROSPECT_FORMAT: 'csv' } });
    expect(c.stdout).toBe(`organization_id,credits\n${sb.store.demo.organization_id},5000\n`);
  });

  it('credits balance reads the balance the organization has now', async () => {
    await control(sb, 'POST', '/balance', { credits: 1234 });
    const r = await prospect(['credits', 'balance', '--json'], { env });
    expect(r.exitCode).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ organization_id: sb.store.demo.organization_id, credits: 1234 });
    const hint = JSON.parse(r.stdout).agent_instructions as string;
    expect(hint.length).toBeGreaterThan(0);
    expect(r.stderr).toContain(hint);
    const table = await prospect(['credits', 'balance'], { env });
    expect(table.stdout).not.toContain(hint);
    expect(table.stderr).toContain(hint);
  });

  it('--quiet keeps hints off stderr', async () => {
    const r = await prospect(['credits', 'balance', '--quiet'], { env });
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toBe('');
  });

  it('api sends raw requests with auth and prints JSON; -F builds the query of a GET', async () => {
    const r = await prospect(['api', 'GET', '/whoami'], { env });
    expect(r.exitCode).toBe(0);
    expect(JSON.parse(r.stdout).organization_id).toBe(sb.store.demo.organization_id);
    const v1 = await prospect(['api', 'GET', '/auth/validate-key', '--prefix', 'v1'], { env });
    expect(v1.exitCode).toBe(0);
    expect(JSON.parse(v1.stdout).organization_id).toBe(sb.store.demo.organization_id);
    const alias = await prospect(['api', 'GET', '/api/v1/public/credits/balance'], { env });
    expect(JSON.parse(alias.stdout).credits).toBe(5000);
  });

  it('--debug traces method, URL, status and timing with Authorization redacted', async () => {
    const r = await prospect(['whoami', '--debug'], { env });
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toMatch(/\[debug\] > GET http:\/\/127\.0\.0\.1:\d+\/api\/v2\/whoami/);
    expect(r.stderr).toMatch(/\[debug\] < 200 GET .*\/api\/v2\/whoami \d+ ms/);
    expect(r.stderr).toContain('authorization: Bearer [REDACTED]');
    expect(r.stderr).not.toContain(sb.demoKey);
    expect(r.stderr).not.toContain(sb.demoKey.slice(10, 40));
    expect(r.stdout).not.toContain(sb.demoKey);
  });
});
