import { describe, expect, it } from 'vitest';
import { control } from '../sandbox/helpers.js';
import { useSandboxEnv } from '../helpers/sandbox-env.js';
import { prospect } from '../helpers/in-process.js';

const t = useSandboxEnv({ withKey: true });

describe('whoami and credits balance', () => {
  it('whoami --json prints the identity payload as the service returned it', async () => {
    const r = await prospect(['whoami', '--json'], { env: t.env });
    expect(r.exitCode).toBe(0);
    const id = JSON.parse(r.stdout);
    expect(id.organization_id).toBe(t.sb.store.demo.organization_id);
    expect(id.organization_name).toBe('Acme Demo');
    expect(id.auth_type).toBe('api_key');
    expect(id.user_email).toMatch(/^[a-z]\*\*\*@/);
    expect(id.scopes).toContain('credits:read');
  });

  it('piped without flags, the output is tsv with a header', async () => {
    const r = await prospect(['whoami'], { env: t.env });
    expect(r.exitCode).toBe(0);
    const [header, row, rest] = r.stdout.split('\n');
    expect(header!.split('\t')).toEqual([
      'user_email',
      'user_name',
      'user_id',
      'organization_name',
      'organization_id',
      'auth_type',
      'tier',
      'partner_tier',
      'scopes',
      'features',
    ]);
    expect(row!.split('\t')[4]).toBe(t.sb.store.demo.organization_id);
    expect(rest).toBe('');
  });

  it('--fields picks columns; PROSPECT_FORMAT sets the default format', async () => {
    const r = await prospect(['whoami', '--fields', 'tier,organization_id'], { env: t.env });
    expect(r.stdout).toBe(`tier\torganization_id\npro\t${t.sb.store.demo.organization_id}\n`);
    const c = await prospect(['credits', 'balance'], { env: { ...t.env, PROSPECT_FORMAT: 'csv' } });
    expect(c.stdout).toBe(`organization_id,credits\n${t.sb.store.demo.organization_id},5000\n`);
  });

  it('credits balance reads the balance the organization has now', async () => {
    await control(t.sb, 'POST', '/balance', { credits: 1234 });
    const r = await prospect(['credits', 'balance', '--json'], { env: t.env });
    expect(r.exitCode).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ organization_id: t.sb.store.demo.organization_id, credits: 1234 });
    // The service's hint is for HTTP clients: in the JSON as returned, on stderr only under --debug.
    const hint = JSON.parse(r.stdout).agent_instructions as string;
    expect(hint.length).toBeGreaterThan(0);
    expect(r.stderr).not.toContain(hint);
    const table = await prospect(['credits', 'balance'], { env: t.env });
    expect(table.stdout).not.toContain(hint);
    expect(table.stderr).toBe('');
    const debug = await prospect(['credits', 'balance', '--debug'], { env: t.env });
    expect(debug.stdout).not.toContain(hint);
    expect(debug.stderr).toContain(`[debug] agent_instructions: ${hint}`);
  });

  it('--quiet keeps hints off stderr, even with --debug', async () => {
    const r = await prospect(['credits', 'balance', '--quiet'], { env: t.env });
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toBe('');
    const debug = await prospect(['credits', 'balance', '--quiet', '--debug'], { env: t.env });
    expect(debug.stderr).not.toContain('agent_instructions');
  });

  it('api sends raw requests with auth and prints JSON; -F builds the query of a GET', async () => {
    const r = await prospect(['api', 'GET', '/whoami'], { env: t.env });
    expect(r.exitCode).toBe(0);
    expect(JSON.parse(r.stdout).organization_id).toBe(t.sb.store.demo.organization_id);
    const v1 = await prospect(['api', 'GET', '/auth/validate-key', '--prefix', 'v1'], { env: t.env });
    expect(v1.exitCode).toBe(0);
    expect(JSON.parse(v1.stdout).organization_id).toBe(t.sb.store.demo.organization_id);
    const alias = await prospect(['api', 'GET', '/api/v1/public/credits/balance'], { env: t.env });
    expect(JSON.parse(alias.stdout).credits).toBe(5000);
  });

  it('--debug traces method, URL, status and timing with Authorization redacted', async () => {
    const r = await prospect(['whoami', '--debug'], { env: t.env });
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toMatch(/\[debug\] > GET http:\/\/127\.0\.0\.1:\d+\/api\/v2\/whoami/);
    expect(r.stderr).toMatch(/\[debug\] < 200 GET .*\/api\/v2\/whoami \d+ ms/);
    expect(r.stderr).toContain('authorization: Bearer [REDACTED]');
    expect(r.stderr).not.toContain(t.sb.demoKey);
    expect(r.stderr).not.toContain(t.sb.demoKey.slice(10, 40));
    expect(r.stdout).not.toContain(t.sb.demoKey);
  });
});
