import { describe, expect, test } from 'vitest';
import { control } from './helpers.js';
import {
  balance,
  call,
  columnOf,
  estimate,
  estimateBody,
  expectOk,
  expectPublicError,
  finished,
  importedList,
  listOf,
  quoteFor,
  resultsOf,
  runAgent,
  seedList,
  started,
  useAgentSandbox,
} from './smart-agents-helpers.js';

const cast = useAgentSandbox();

const enriched = (n: number, from = 0) =>
  Array.from({ length: n }, (_, i) => ({ name: `Bo Chan${from + i}`, email: `bo${from + i}@bolt.io`, title: 'Head of Sales' }));

describe('selections over 500 leads', () => {
  test('400 approval_required, with how to narrow it; nothing is taken and max_rows 500 runs', async () => {
    const list = await listOf(cast, 'Large', 501);
    const before = await balance(cast);
    for (const scope of [{ lead_scope: 'all' }, { max_rows: 600 }]) {
      const body = { list_id: list, agent_type: 'title_normalizer', column_name: 'T', ...scope };
      expect((await estimate(cast, estimateBody(body))).row_count).toBe(501);
      const e = expectPublicError(await runAgent(cast, body), 400, 'approval_required');
      expect(e.fix).toMatch(/max_rows 500/);
      expect(e.details).toEqual({ selected: 501, max_leads: 500 });
    }
    expect(await balance(cast)).toBe(before);
    expect((await started(cast, { list_id: list, agent_type: 'title_normalizer', column_name: 'T', max_rows: 500 })).estimated_cost).toBe(
      500,
    );
  });
});

/** The same request refused alike by the estimate and by the run (sent with a quote that cannot be the reason). */
async function refusedAtBoth(body: Record<string, unknown>, quote_id = 'qte_v1_x'): Promise<any> {
  const atEstimate = expectPublicError(
    await call(cast.sb, 'POST', '/credits/estimate', { body: estimateBody(body) }),
    400,
    'validation_error',
  );
  const atRun = expectPublicError(await runAgent(cast, { ...body, quote_id }), 400, 'validation_error');
  expect(atRun.details).toEqual(atEstimate.details);
  return atEstimate;
}

describe('cold_intro_email', () => {
  test('every selected lead needs an email: the estimate and the run are both 400 validation_error naming the leads without one; nothing taken', async () => {
    const list = await importedList(cast, 'Half', [...enriched(2), { name: 'No Mail', title: 'CTO', domain: 'nomail.example' }]);
    const before = await balance(cast);
    const e = await refusedAtBoth({ list_id: list, agent_type: 'cold_intro_email' });
    expect(e.problem).toMatch(/1 of the 3 selected leads .* have none: ld_/);
    expect(await balance(cast)).toBe(before);
    // Leads from a search are not enriched either.
    const saved = await listOf(cast, 'Saved', 2);
    await refusedAtBoth({ list_id: saved, agent_type: 'cold_intro_email' });
    // A selection of the enriched leads only is fine.
    expect((await estimate(cast, estimateBody({ list_id: list, agent_type: 'cold_intro_email', max_rows: 2 }))).row_count).toBe(2);
  });

  test('the active default template fills in; deactivated, the estimate and the run need a template_id; a given template is used; unknown or inactive ones are 400', async () => {
    const list = await importedList(cast, 'Enriched', enriched(2));
    const r = await started(cast, { list_id: list, agent_type: 'cold_intro_email' });
    expect(r.column_name).toBe('email_draft');
    const drafts = (await finished(cast, r.smart_agent_task_id, 2)).results;
    expect(drafts[0].value).toMatch(/^Subject: Quick question for .*, Bo\n\nHi Bo,/);

    const { templates } = await control(cast.sb, 'GET', '/email-templates');
    expect(templates).toEqual([
      expect.objectContaining({ template_id: expect.stringMatching(/^tpl_/), is_active: true, is_default: true }),
    ]);
    const body = { list_id: list, agent_type: 'cold_intro_email', overwrite: true };
    // A quote taken while the template was active is refused at the run too.
    const earlier = await quoteFor(cast, estimateBody(body));
    await control(cast.sb, 'POST', '/email-templates/default', { is_active: false });
    const off = await refusedAtBoth(body, earlier);
    expect(off.problem).toMatch(/no active default template.*template_id/);

    const mine = await control(cast.sb, 'POST', '/email-templates', {
      name: 'Event',
      subject: 'See you at the summit, {{first_name}}?',
      body: 'Hi {{first_name}} of {{company}}',
    });
    const given = await started(cast, { ...body, template_id: mine.template_id });
    const values = (await finished(cast, given.smart_agent_task_id, 2)).results.map((x: any) => x.value);
    expect(values[0]).toMatch(/^Subject: See you at the summit, Bo\?\n\nHi Bo of your company$/);
    expect(Object.values(await columnOf(cast, list, 'email_draft'))).toEqual(values);

    expect((await refusedAtBoth({ ...body, template_id: 'tpl_nope' })).problem).toMatch(/tpl_nope was not found/);
    expect((await refusedAtBoth({ ...body, template_id: templates[0].template_id })).problem).toMatch(/not active/);
  });
});

describe('request checks', () => {
  test('custom_ai needs a prompt and every type but cold_intro_email a column name (400); presets ignore the prompt', async () => {
    const list = await listOf(cast, 'Three', 3);
    const send = (body: Record<string, unknown>) =>
      call(cast.sb, 'POST', '/smart-agents/run', { body: { list_id: list, quote_id: 'qte_v1_x', ...body } });
    expect(expectPublicError(await send({ column_name: 'A' }), 400, 'validation_error').details.errors[0].loc).toEqual(['body', 'prompt']);
    expect(expectPublicError(await send({ agent_type: 'company_intel' }), 400, 'validation_error').details.errors[0].loc).toEqual([
      'body',
      'column_name',
    ]);
    expectPublicError(await send({ agent_type: 'summarizer', column_name: 'A' }), 422, 'validation_error');
    const a = await started(cast, { list_id: list, agent_type: 'title_normalizer', column_name: 'A', prompt: 'shout it' });
    const b = await started(cast, { list_id: list, agent_type: 'title_normalizer', column_name: 'B', prompt: 'whisper it' });
    expect(a.estimated_cost).toBe(3);
    const values = async (id: string) => (await finished(cast, id, 3)).results.map((x: any) => x.value);
    expect(await values(b.smart_agent_task_id)).toEqual(await values(a.smart_agent_task_id));
  });

  test('column_name over 100 characters and max_rows out of 1-10,000 are the same 400 at the estimate and the run (types stay 422)', async () => {
    const list = await listOf(cast, 'Three', 3);
    const body = { list_id: list, agent_type: 'company_intel', column_name: 'Intel' };
    const at = async (fields: Record<string, unknown>) => (await refusedAtBoth({ ...body, ...fields })).details.errors[0];
    expect(await at({ column_name: 'c'.repeat(101) })).toMatchObject({
      loc: ['body', 'column_name'],
      msg: expect.stringMatching(/at most 100 characters, got 101/),
    });
    for (const max_rows of [0, 10_001])
      expect(await at({ max_rows })).toMatchObject({ loc: ['body', 'max_rows'], msg: 'max_rows must be from 1 to 10000' });
    expect((await estimate(cast, estimateBody({ ...body, column_name: 'c'.repeat(100), max_rows: 10_000 }))).row_count).toBe(3);
    expectPublicError(await runAgent(cast, { ...body, max_rows: 2.5, quote_id: 'qte_v1_x' }), 422, 'validation_error');
  });

  test('a column named after a lead field is refused at the estimate and the run: exports and syncs would read the lead field there', async () => {
    const list = await listOf(cast, 'Three', 3);
    const fields = [
      'lead_id',
      'first_name',
      'last_name',
      'full_name',
      'email',
      'phone',
      'title',
      'company',
      'domain',
      'linkedin_url',
      'location',
    ];
    for (const column_name of fields) {
      const e = await refusedAtBoth({ list_id: list, agent_type: 'title_normalizer', column_name });
      expect([column_name, e.details.errors[0].loc, e.problem]).toEqual([
        column_name,
        ['body', 'column_name'],
        expect.stringContaining(`"${column_name}" is a lead field`),
      ]);
    }
    // Other names (another case, a lead field's name inside a longer one) can be read back, so they are fine.
    for (const column_name of ['Title', 'clean_title'])
      expect((await estimate(cast, estimateBody({ list_id: list, agent_type: 'title_normalizer', column_name }))).row_count).toBe(3);
  });

  test('a blank column_name or prompt (whitespace only) is refused like a missing one, at the estimate and the run', async () => {
    const list = await listOf(cast, 'Three', 3);
    const column = await refusedAtBoth({ list_id: list, agent_type: 'company_intel', column_name: ' \t ' });
    expect(column.details.errors[0]).toMatchObject({ loc: ['body', 'column_name'], msg: expect.stringMatching(/blank/) });
    const prompt = await refusedAtBoth({ list_id: list, column_name: 'Answer', prompt: '  \n ' });
    expect(prompt.details.errors[0]).toMatchObject({ loc: ['body', 'prompt'], msg: expect.stringMatching(/blank/) });
  });

  test("a key without smart_agents:write is 403 insufficient_scope; a view-only list 403 list_not_editable; another organization's list 404 list_not_found", async () => {
    const shared = (await seedList(cast.sb, { name: 'Shared', people: 2, shares: { [cast.teammateId]: 'view' } })).list_id;
    const body = { list_id: shared, agent_type: 'title_normalizer', column_name: 'T' };
    const quote_id = await quoteFor(cast, estimateBody(body));
    expectPublicError(await runAgent(cast, { ...body, quote_id }, cast.teammate), 403, 'insufficient_scope');
    await control(cast.sb, 'POST', '/scopes', {
      user_id: cast.teammateId,
      scopes: ['lists:read', 'smart_agents:read', 'smart_agents:write'],
    });
    expectPublicError(await runAgent(cast, { ...body, quote_id }, cast.teammate), 403, 'list_not_editable');
    expectPublicError(await runAgent(cast, { ...body, quote_id: 'qte_v1_x' }, cast.other), 404, 'list_not_found');
  });
});

describe('quotes and credits', () => {
  test('no quote is 400 quote_required; a quote of another request 400 quote_mismatch; nothing is taken', async () => {
    const list = await listOf(cast, 'Ten', 10);
    const body = { list_id: list, agent_type: 'company_intel', column_name: 'Intel', max_rows: 5 };
    const before = await balance(cast);
    expectPublicError(await call(cast.sb, 'POST', '/smart-agents/run', { body }), 400, 'quote_required');
    const other = await quoteFor(cast, estimateBody({ ...body, max_rows: 4 }));
    expectPublicError(await runAgent(cast, { ...body, quote_id: other }), 400, 'quote_mismatch');
    const prompt = await quoteFor(cast, estimateBody({ ...body, agent_type: 'custom_ai', prompt: 'a' }));
    expectPublicError(await runAgent(cast, { ...body, agent_type: 'custom_ai', prompt: 'b', quote_id: prompt }), 400, 'quote_mismatch');
    expect(await balance(cast)).toBe(before);
  });

  test('a quote used twice is 409 quote_already_redeemed naming the run it paid for', async () => {
    const list = await listOf(cast, 'Four', 4);
    const body = { list_id: list, agent_type: 'title_normalizer', column_name: 'T', overwrite: true };
    const quote_id = await quoteFor(cast, estimateBody(body));
    const first = await started(cast, { ...body, quote_id });
    const before = await balance(cast);
    const e = expectPublicError(await runAgent(cast, { ...body, quote_id }), 409, 'quote_already_redeemed');
    expect(e.details).toMatchObject({ workflow_id: first.smart_agent_task_id, list_id: list });
    expect(e.fix).toContain(`GET /smart-agents/${first.smart_agent_task_id}`);
    expect(await balance(cast)).toBe(before);
    // Also once the run has filled the column (its selection would now be empty): the resend finds the run.
    const again = { list_id: list, agent_type: 'company_intel', column_name: 'Intel' };
    const q2 = await quoteFor(cast, estimateBody(again));
    const second = await started(cast, { ...again, quote_id: q2 });
    await finished(cast, second.smart_agent_task_id, 4);
    const late = expectPublicError(await runAgent(cast, { ...again, quote_id: q2 }), 409, 'quote_already_redeemed');
    expect(late.details.workflow_id).toBe(second.smart_agent_task_id);
  });

  test('a balance below the cost is 400 insufficient_credits with the figures; nothing is taken', async () => {
    const list = await listOf(cast, 'Ten', 10);
    await control(cast.sb, 'POST', '/balance', { credits: 4 });
    const e = expectPublicError(
      await runAgent(cast, { list_id: list, agent_type: 'company_intel', column_name: 'I' }),
      400,
      'insufficient_credits',
    );
    expect(e).toMatchObject({ estimated_cost_credits: 10, available_credits: 4, shortfall_credits: 6 });
    expect(await balance(cast)).toBe(4);
  });
});

describe('controls: types switched off, runs that fail', () => {
  test('a type switched off is 501 feature_not_available (nothing taken); other types still run', async () => {
    const list = await listOf(cast, 'Three', 3);
    await control(cast.sb, 'POST', '/smart-agents', { unavailable: ['company_intel'] });
    const before = await balance(cast);
    const e = expectPublicError(
      await runAgent(cast, { list_id: list, agent_type: 'company_intel', column_name: 'I' }),
      501,
      'feature_not_available',
    );
    expect(e.details).toEqual({ agent_type: 'company_intel' });
    expect(await balance(cast)).toBe(before);
    await started(cast, { list_id: list, agent_type: 'pain_point_hypothesis', column_name: 'P' });
  });

  test('a run that fails as a whole gets its credits back in full, says so, and writes nothing to the column', async () => {
    const list = await listOf(cast, 'Five', 5);
    await control(cast.sb, 'POST', '/smart-agents', { fail_next: 1 });
    const before = await balance(cast);
    const r = await started(cast, { list_id: list, agent_type: 'company_intel', column_name: 'Intel' });
    expect(await balance(cast)).toBe(before - 5);
    const done = await finished(cast, r.smart_agent_task_id, 5);
    // Every lead is accounted for as processed and failed, in the results and in the run list alike.
    expect(done).toMatchObject({
      status: 'failed',
      progress: 100,
      total: 5,
      succeeded: 0,
      failed: 5,
      credits_charged: 0,
      credits_refunded: 5,
    });
    expect(done.results).toHaveLength(5);
    const entry = expectOk(await call(cast.sb, 'GET', `/smart-agents?list_id=${list}`)).runs[0];
    expect(entry).toMatchObject({ task_id: r.smart_agent_task_id, status: 'failed', total: 5, processed: 5, failed: 5 });
    expect(done.message).toMatch(/failed as a whole; its 5 credits were refunded in full/);
    expect(done.results.every((x: any) => x.value === null && /run failed/.test(x.error))).toBe(true);
    expect(await balance(cast)).toBe(before);
    expect(Object.values(await columnOf(cast, list, 'Intel')).every((v) => v === null)).toBe(true);
    // Only the next run fails.
    const next = await started(cast, { list_id: list, agent_type: 'company_intel', column_name: 'Intel' });
    expect((await finished(cast, next.smart_agent_task_id, 5)).status).toBe('completed');
    expect((await resultsOf(cast, r.smart_agent_task_id)).status).toBe('failed');
  });
});

test('the run and its reads answer under /api/v1/public too', async () => {
  const list = await listOf(cast, 'Two', 2);
  const body = {
    list_id: list,
    agent_type: 'title_normalizer',
    column_name: 'T',
    quote_id: await quoteFor(cast, estimateBody({ list_id: list, agent_type: 'title_normalizer', column_name: 'T' })),
  };
  const r = expectOk(await call(cast.sb, 'POST', '/smart-agents/run', { body, prefix: '/api/v1/public' }));
  expect(expectOk(await call(cast.sb, 'GET', `/smart-agents/${r.smart_agent_task_id}`, { prefix: '/api/v1/public' })).total).toBe(2);
});
