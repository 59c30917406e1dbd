import * as z from 'zod/mini';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Identity } from '../../src/api/schemas/identity.js';
import { Balance } from '../../src/api/schemas/credits.js';
import { GenericErrorBody, PublicErrorBody, ValidationIssue } from '../../src/api/schemas/errors.js';
import { control, openSandbox, raw, type RunningSandbox } from './helpers.js';

/** The sandbox answers in the shapes the SDK's schemas describe: one source of truth for both. */
let sb: RunningSandbox;
beforeAll(async () => {
  sb = await openSandbox();
});
afterAll(() => sb.close());

const parse = (schema: z.ZodMiniType, body: unknown) => {
  const r = z.safeParse(schema, body);
  expect(r.success, r.success ? '' : z.prettifyError(r.error)).toBe(true);
};

describe('sandbox answers match the shared schemas', () => {
  it('whoami and balance, under both prefixes', async () => {
    for (const prefix of ['/api/v2', '/api/v1/public']) {
      parse(Identity, (await raw(sb, 'GET', `${prefix}/whoami`, { token: sb.demoKey })).json);
      parse(Balance, (await raw(sb, 'GET', `${prefix}/credits/balance`, { token: sb.demoKey })).json);
    }
    parse(Identity, (await raw(sb, 'GET', '/api/v2/whoami', { token: sb.mintJwt() })).json);
  });

  it('a 422 names what was expected: the allowed values of an enum, the type of a field', async () => {
    const r = await raw(sb, 'POST', '/api/v2/enrichment/person', {
      token: sb.demoKey,
      body: { lead_list_id: 'lst_x', email: 'a@b.example', enrichment_type: 'phone-only', include_phone: 'yes' },
    });
    expect(r.status).toBe(422);
    const msgs = Object.fromEntries(r.json.error.details.errors.map((e: any) => [e.loc.join('.'), e.msg]));
    expect(msgs['body.enrichment_type']).toBe('Invalid option: expected one of "partial"|"phone_only"|"full"');
    expect(msgs['body.include_phone']).toBe('Invalid input: expected boolean, received string');
  });

  it('the three error shapes', async () => {
    const generic = await raw(sb, 'GET', '/api/v2/whoami', { token: `svcapi_${'n'.repeat(64)}` });
    expect(generic.status).toBe(401);
    parse(z.object({ error: GenericErrorBody }), generic.json);
    await control(sb, 'POST', '/scopes', { scopes: ['people:read'] });
    const envelope = await raw(sb, 'GET', '/api/v2/credits/balance', { token: sb.demoKey });
    expect(envelope.status).toBe(403);
    parse(z.object({ error: PublicErrorBody }), envelope.json);
    const invalid = await raw(sb, 'POST', '/__sandbox/balance', { body: { credits: 'lots' } });
    expect(invalid.status).toBe(422);
    parse(z.object({ error: PublicErrorBody }), invalid.json);
    parse(z.array(ValidationIssue), invalid.json.error.details.errors);
    await control(sb, 'POST', '/reset', {});
  });
});
