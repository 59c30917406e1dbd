import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '../../src/api/client.js';
import { call } from '../../src/api/endpoints/call.js';
import { API } from '../../src/api/endpoints/index.js';
import { startSandbox, FixturesError, type Sandbox, type SandboxFixtures } from '../../src/sandbox/public.js';
import { tempDir } from '../helpers/temp-dir.js';
import { SMALL_DATASET } from './helpers.js';

/**
 * `prospect-cli/sandbox` as a test suite uses it: startSandbox() in process, its demo key and
 * JWT, the typed controls, fixtures from an object or a file, and stop().
 */

const CI_KEY = `svcapi_${'c'.repeat(64)}`;
const VIEWER_KEY = `svcapi_${'v'.repeat(64)}`;

const FIXTURES: SandboxFixtures = {
  version: 1,
  organizations: [
    {
      name: 'Initech CI',
      plan: 'pro',
      credits: 1200,
      connected_providers: ['crm_one'],
      users: [
        { email: 'ci@initech.example', name: 'CI Bot', api_keys: [{ name: 'ci', secret: CI_KEY }] },
        { email: 'viewer@initech.example', scopes: ['lists:read'], api_keys: [{ secret: VIEWER_KEY }] },
      ],
      lists: [
        {
          name: 'Known leads',
          shares: { 'viewer@initech.example': 'view' },
          people: 3,
          leads: [{ first_name: 'Ada', last_name: 'Lovelace', email: 'ada@analytical.example', company: 'Analytical Engines' }],
        },
      ],
    },
  ],
};

/** A client of the sandbox with a credential, closed by the caller. */
const clientOf = (sb: Sandbox, token: string) => new Client({ baseUrl: sb.url, token, retry: { maxRetries: 0, maxRateLimitRetries: 0 } });

async function asUser<T>(sb: Sandbox, token: string, work: (c: Client) => Promise<T>): Promise<T> {
  const c = clientOf(sb, token);
  try {
    return await work(c);
  } finally {
    c.close();
  }
}

describe('startSandbox()', () => {
  let sb: Sandbox;
  beforeAll(async () => {
    sb = await startSandbox({ dataset: SMALL_DATASET, fixtures: FIXTURES });
  });
  afterAll(() => sb.stop());

  it('serves on a loopback port with the demo key and a session JWT for key management', async () => {
    expect(sb.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const who = await asUser(sb, sb.apiKey, (c) => call(c, API.identity.whoami));
    expect(who.organization_name).toBe('Acme Demo');
    const keys = await asUser(sb, sb.jwt, (c) => call(c, API.keys.list));
    expect(keys.map((k) => k.name)).toContain('Demo key');
  });

  it('drives the sandbox through typed controls: balance, clock, faults, outcomes', async () => {
    await sb.control.balance.set({ credits: 42 });
    expect((await asUser(sb, sb.apiKey, (c) => call(c, API.credits.balance))).credits).toBe(42);

    const frozen = await sb.control.clock.set({ set_ms: Date.UTC(2031, 0, 1), freeze: true });
    expect(frozen).toMatchObject({ now: '2031-01-01T00:00:00.000Z', frozen: true });
    expect((await sb.control.clock.set({ advance_ms: 1000 })).now_ms).toBe(Date.UTC(2031, 0, 1) + 1000);

    await sb.control.faults.add({ rules: [{ kind: 'status', status: 503, path: '/whoami', count: 1 }] });
    const refused = await asUser(sb, sb.apiKey, (c) => call(c, API.identity.whoami)).catch((e: { status: number }) => e);
    expect((refused as { status: number }).status).toBe(503);
    expect((await sb.control.faults.list()).rules[0]).toMatchObject({ applied: 1 });

    expect((await sb.control.enrichment.outcomes({ status: 'failed' })).next_outcomes).toEqual([{ status: 'failed', kinds: null }]);
    await sb.control.reset();
    expect((await asUser(sb, sb.apiKey, (c) => call(c, API.credits.balance))).credits).toBe(5000);
    expect((await sb.control.clock.get()).frozen).toBe(false);
  });

  it('loads the fixtures: organization, balance, users, keys with their known secrets, lists and leads', async () => {
    const who = await asUser(sb, CI_KEY, (c) => call(c, API.identity.whoami));
    expect(who).toMatchObject({ organization_name: 'Initech CI', user_name: 'CI Bot', tier: 'pro' });
    expect((await asUser(sb, CI_KEY, (c) => call(c, API.credits.balance))).credits).toBe(1200);
    const lists = await asUser(sb, CI_KEY, (c) => call(c, API.lists.list));
    expect(lists.lists.map((l) => [l.name, l.lead_count])).toEqual([['Known leads', 4]]);
    const leads = await asUser(sb, CI_KEY, (c) => call(c, API.lists.leads, { params: { list_id: lists.lists[0]!.list_id } }));
    expect(leads.leads.at(-1)).toMatchObject({ full_name: 'Ada Lovelace', email: 'ada@analytical.example', company: 'Analytical Engines' });
    // The viewer holds lists:read only, and sees the list shared with them.
    const seen = await asUser(sb, VIEWER_KEY, (c) => call(c, API.lists.list));
    expect(seen.lists.map((l) => l.name)).toEqual(['Known leads']);
    const denied = await asUser(sb, VIEWER_KEY, (c) => call(c, API.credits.balance)).catch((e: { code: string }) => e);
    expect((denied as { code: string }).code).toBe('insufficient_scope');
  });

  it('loads them again after a reset, with the same ids: what a test changed is gone', async () => {
    const before = await asUser(sb, CI_KEY, (c) => call(c, API.lists.list));
    const listId = before.lists[0]!.list_id;
    await asUser(sb, CI_KEY, (c) => call(c, API.lists.delete, { params: { list_id: listId } }));
    await sb.control.balance.set({
      organization_id: (await asUser(sb, CI_KEY, (c) => call(c, API.identity.whoami))).organization_id,
      credits: 0,
    });
    await sb.control.reset();
    const after = await asUser(sb, CI_KEY, (c) => call(c, API.lists.list));
    expect(after.lists.map((l) => [l.list_id, l.name, l.lead_count])).toEqual([[listId, 'Known leads', 4]]);
    expect((await asUser(sb, CI_KEY, (c) => call(c, API.credits.balance))).credits).toBe(1200);
  });

  it('stop() closes it: the port refuses connections, and a second stop() is a no-op', async () => {
    const other = await startSandbox({ dataset: SMALL_DATASET });
    await other.stop();
    await other.stop();
    const e = await asUser(other, other.apiKey, (c) => call(c, API.identity.whoami)).catch((x: { code: string }) => x);
    expect((e as { code: string }).code).toMatch(/network|connect/i);
  });
});

describe('fixtures from a file, and fixtures refused', () => {
  it('reads a JSON file given by path', async () => {
    const file = path.join(tempDir(), 'fixtures.json');
    writeFileSync(file, JSON.stringify(FIXTURES));
    const sb = await startSandbox({ dataset: SMALL_DATASET, fixtures: file });
    try {
      expect((await asUser(sb, CI_KEY, (c) => call(c, API.identity.whoami))).organization_name).toBe('Initech CI');
    } finally {
      await sb.stop();
    }
  });

  /** The one-line message a start with these fixtures is refused with. */
  async function refusal(fixtures: unknown): Promise<string> {
    const e = await startSandbox({ dataset: SMALL_DATASET, fixtures: fixtures as SandboxFixtures }).then(
      async (sb) => {
        await sb.stop();
        throw new Error('the sandbox started');
      },
      (x: unknown) => x,
    );
    expect(e).toBeInstanceOf(FixturesError);
    return (e as Error).message;
  }

  const org = FIXTURES.organizations![0]!;
  it.each([
    ['not an object', [], 'fixtures: expected a JSON object such as {"version": 1, "organizations": []}'],
    ['another version', { version: 2 }, 'fixtures: version: version must be 1 (the format this prospect-cli reads)'],
    ['an unknown key', { version: 1, organisations: [] }, 'fixtures: Unrecognized key: "organisations"'],
    [
      'a negative balance',
      { version: 1, organizations: [{ name: 'X', credits: -5 }] },
      'fixtures: organizations[0].credits: Too small: expected number to be >=0',
    ],
    [
      'a bad secret',
      { version: 1, organizations: [{ name: 'X', users: [{ email: 'a@x.example', api_keys: [{ secret: 'svcapi_short' }] }] }] },
      'fixtures: organizations[0].users[0].api_keys[0].secret: an API key is svcapi_ followed by 64 characters of A-Z, a-z, 0-9, _ and -',
    ],
    [
      "a demo user's email",
      { version: 1, organizations: [{ name: 'X', users: [{ email: 'dana@acme.example' }] }] },
      'fixtures: organizations[0].users[0].email: dana@acme.example is already a demo user; give each user an email of their own',
    ],
    [
      'a secret twice',
      { version: 1, organizations: [org, { name: 'Y', users: [{ email: 'y@y.example', api_keys: [{ secret: CI_KEY }] }] }] },
      'fixtures: organizations[1].users[0].api_keys[0].secret: the same secret as organizations[0].users[0].api_keys[0]; each key needs its own',
    ],
    [
      'an owner who is not a member',
      { version: 1, organizations: [{ ...org, lists: [{ name: 'L', owner: 'x@elsewhere.example' }] }] },
      'fixtures: organizations[0].lists[0].owner: x@elsewhere.example is not a user of this organization',
    ],
  ])('refuses %s with one line naming the field', async (_what, fixtures, message) => {
    expect(await refusal(fixtures)).toBe(message);
  });

  it('names the file when it cannot be read or is not JSON', async () => {
    const dir = tempDir();
    const missing = path.join(dir, 'missing.json');
    expect(await refusal(missing)).toBe(`${missing}: cannot read the fixtures file (ENOENT)`);
    const broken = path.join(dir, 'broken.json');
    writeFileSync(broken, '{"version": 1,');
    expect(await refusal(broken)).toMatch(new RegExp(`^${broken.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: not valid JSON: `));
  });
});
