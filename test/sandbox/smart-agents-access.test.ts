import { describe, expect, test } from 'vitest';
import { control } from './helpers.js';
import {
  call,
  estimateBody,
  expectOk,
  expectPublicError,
  quoteFor,
  runAgent,
  seedList,
  started,
  useAgentSandbox,
} from './smart-agents-helpers.js';

/** Who sees which smart-agent runs (the visibility of their lists) and the scopes of the three routes. */

const cast = useAgentSandbox();

const ALL_AGENT_SCOPES = ['lists:read', 'credits:read', 'smart_agents:read', 'smart_agents:write'];
const setTeammateScopes = (scopes: string[]) => control(cast.sb, 'POST', '/scopes', { user_id: cast.teammateId, scopes });

const runsSeenBy = async (token: string) => expectOk(await call(cast.sb, 'GET', '/smart-agents', { token }));

describe('runs are seen by whoever can see their list', () => {
  test("a member neither lists nor reads a run over the owner's private list (404 not_found, as an unknown id); shared and organization lists' runs show", async () => {
    const priv = (await seedList(cast.sb, { name: 'Private', people: 2 })).list_id;
    const shared = (await seedList(cast.sb, { name: 'Shared', people: 2, shares: { [cast.teammateId]: 'view' } })).list_id;
    const org = (await seedList(cast.sb, { name: 'Everyone', people: 2, visibility: 'organization' })).list_id;
    const run = async (list_id: string) =>
      (await started(cast, { list_id, agent_type: 'title_normalizer', column_name: 'T' })).smart_agent_task_id as string;
    const [onPrivate, onShared, onOrg] = [await run(priv), await run(shared), await run(org)];

    const mine = await runsSeenBy(cast.owner);
    expect([mine.total, mine.runs.map((r: any) => r.task_id)]).toEqual([3, [onOrg, onShared, onPrivate]]);
    const theirs = await runsSeenBy(cast.teammate);
    expect([theirs.total, theirs.runs.map((r: any) => r.task_id)]).toEqual([2, [onOrg, onShared]]);

    const hidden = expectPublicError(await call(cast.sb, 'GET', `/smart-agents/${onPrivate}`, { token: cast.teammate }), 404, 'not_found');
    const unknown = expectPublicError(
      await call(cast.sb, 'GET', '/smart-agents/agent-00000000-0000-0000-0000-000000000000', { token: cast.teammate }),
      404,
      'not_found',
    );
    expect(hidden.cause).toBe(unknown.cause);
    expectPublicError(await call(cast.sb, 'GET', `/smart-agents?list_id=${priv}`, { token: cast.teammate }), 404, 'list_not_found');
    for (const id of [onShared, onOrg])
      expect(expectOk(await call(cast.sb, 'GET', `/smart-agents/${id}`, { token: cast.teammate })).smart_agent_task_id).toBe(id);
    expect(expectOk(await call(cast.sb, 'GET', `/smart-agents/${onPrivate}`)).smart_agent_task_id).toBe(onPrivate);
  });

  test("the owner sees a member's run over a list the member owns only if it is shared with them", async () => {
    await setTeammateScopes(ALL_AGENT_SCOPES);
    const own = (await seedList(cast.sb, { name: 'Mate private', people: 2, user_id: cast.teammateId })).list_id;
    const body = { list_id: own, agent_type: 'company_intel', column_name: 'Intel' };
    const quote_id = expectOk(
      await call(cast.sb, 'POST', '/credits/estimate', { body: estimateBody(body), token: cast.teammate }),
    ).quote_id;
    const r = expectOk(await runAgent(cast, { ...body, quote_id }, cast.teammate));
    expect((await runsSeenBy(cast.teammate)).runs.map((x: any) => x.task_id)).toEqual([r.smart_agent_task_id]);
    expect(await runsSeenBy(cast.owner)).toMatchObject({ runs: [], total: 0 });
    expectPublicError(await call(cast.sb, 'GET', `/smart-agents/${r.smart_agent_task_id}`), 404, 'not_found');
  });
});

describe('scopes', () => {
  test('GET /smart-agents and GET /smart-agents/{id} need smart_agents:read, POST /smart-agents/run smart_agents:write: else 403 insufficient_scope', async () => {
    const list = (await seedList(cast.sb, { name: 'Shared', people: 2, shares: { [cast.teammateId]: 'edit' } })).list_id;
    const body = { list_id: list, agent_type: 'title_normalizer', column_name: 'T' };
    const id = (await started(cast, body)).smart_agent_task_id;
    const quote_id = await quoteFor(cast, estimateBody({ ...body, overwrite: true }));
    const post = () => runAgent(cast, { ...body, overwrite: true, quote_id }, cast.teammate);
    const list_runs = () => call(cast.sb, 'GET', '/smart-agents', { token: cast.teammate });
    const results = () => call(cast.sb, 'GET', `/smart-agents/${id}`, { token: cast.teammate });

    await setTeammateScopes(ALL_AGENT_SCOPES.filter((s) => s !== 'smart_agents:read'));
    const denied = expectPublicError(await list_runs(), 403, 'insufficient_scope');
    expect(JSON.stringify(denied)).toContain('smart_agents:read');
    expectPublicError(await results(), 403, 'insufficient_scope');

    await setTeammateScopes(ALL_AGENT_SCOPES.filter((s) => s !== 'smart_agents:write'));
    expect(JSON.stringify(expectPublicError(await post(), 403, 'insufficient_scope'))).toContain('smart_agents:write');
    expect(expectOk(await list_runs()).total).toBe(1);
    expect(expectOk(await results()).smart_agent_task_id).toBe(id);

    await setTeammateScopes(ALL_AGENT_SCOPES);
    expect(expectOk(await post()).status).toBe('pending');
  });
});
