import { describe, expect, test } from 'vitest';
import { Store } from '../../src/sandbox/store.js';
import { SandboxClock } from '../../src/sandbox/engine/clock.js';
import { checkQuote, mintQuote, redeemQuote, shapeHash, type QuoteCheck } from '../../src/sandbox/engine/quotes.js';
import type { SandboxError } from '../../src/sandbox/engine/errors.js';
import { QUOTE_PREFIX, QUOTE_TTL_MS, maxDriftRows, type Tool } from '../../src/api/schemas/values/credits.js';

const START = Date.UTC(2031, 0, 1, 12, 0, 0);
const SHAPE = { tool: 'enrich_list', list_id: 'lst_1', scope: 'partial' };

function setup(seed = 42) {
  const clock = new SandboxClock(() => START);
  clock.frozen = true;
  const store = Store.seeded(seed, clock);
  const org = store.demo.organization_id;
  /** A quote for 100 rows at 100 credits of SHAPE, unless told otherwise. */
  const mint = (q: Partial<{ tool: Tool; shape: unknown; rows: number; cost: number; organizationId: string }> = {}) =>
    mintQuote(store, clock, {
      organizationId: q.organizationId ?? org,
      tool: q.tool ?? 'enrich_list',
      filterHash: shapeHash(q.shape ?? SHAPE),
      rows: q.rows ?? 100,
      cost: q.cost ?? 100,
    });
  /** Checks a quote against an enrich_list run of SHAPE with 100 rows costing 100, unless told otherwise. */
  const check = (quoteId: string | undefined, c: Partial<QuoteCheck> = {}, orgId = org) =>
    checkQuote(store, clock, orgId, {
      quoteId,
      required: true,
      tool: 'enrich_list',
      shape: SHAPE,
      rows: 100,
      cost: 100,
      redeemedStatus: 400,
      ...c,
    });
  return { clock, store, org, mint, check };
}

/** The public-shape error `f` throws, checked for its status and code; its fields. */
function expectQuoteError(f: () => unknown, status: number, code: string): Record<string, any> {
  try {
    f();
  } catch (e) {
    const err = e as SandboxError;
    expect([err.status, err.code, err.body.shape]).toEqual([status, code, 'public']);
    return err.body.fields as Record<string, any>;
  }
  return expect.fail(`expected ${code}; the check passed`);
}

/** The quote id with its payload rewritten by `edit`, the signature kept. */
function withPayload(quoteId: string, edit: (p: Record<string, unknown>) => void): string {
  const [body, sig] = quoteId.slice(QUOTE_PREFIX.length).split('.');
  const p = JSON.parse(Buffer.from(body!, 'base64url').toString('utf8'));
  edit(p);
  return `${QUOTE_PREFIX}${Buffer.from(JSON.stringify(p)).toString('base64url')}.${sig}`;
}

describe('minting', () => {
  test('a quote id starts with qte_v1_, expires 5 minutes later in Unix seconds, and two equal estimates give two quotes', () => {
    const { mint } = setup();
    const a = mint();
    const b = mint();
    expect(a.quote_id.startsWith(QUOTE_PREFIX)).toBe(true);
    expect(a.expires_at).toBe((START + 300_000) / 1000);
    expect(QUOTE_TTL_MS).toBe(300_000);
    expect(a.quote_id).not.toBe(b.quote_id);
  });

  test('filter_hash hashes the shape: key order does not matter, any value does', () => {
    expect(shapeHash({ a: 1, b: { c: [1, 2], d: 'x' } })).toBe(shapeHash({ b: { d: 'x', c: [1, 2] }, a: 1 }));
    expect(shapeHash({ a: 1, b: { c: [1, 2] } })).not.toBe(shapeHash({ a: 1, b: { c: [2, 1] } }));
    expect(shapeHash(SHAPE)).not.toBe(shapeHash({ ...SHAPE, scope: 'full' }));
    expect(shapeHash(SHAPE)).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('checking a quote', () => {
  test('a matching quote passes with its payload, and the run may reserve its cost', () => {
    const { mint, check, org } = setup();
    const checked = check(mint().quote_id);
    expect(checked.cap).toBe(100);
    expect(checked.payload).toMatchObject({ o: org, t: 'enrich_list', r: 100, c: 100, h: shapeHash(SHAPE) });
  });

  test('quote_required when a route needs one and none (or an empty one) is sent; optional routes run uncapped without one', () => {
    const { check, store, clock } = setup();
    for (const none of [undefined, '']) {
      const f = expectQuoteError(() => check(none), 400, 'quote_required');
      expect(f.details).toEqual({ tool: 'enrich_list' });
      expect(f.fix).toContain('POST /credits/estimate');
    }
    const free = check(undefined, { required: false, cost: 37 });
    expect(free).toEqual({ payload: null, cap: 37 });
    expect(() => redeemQuote(store, clock, free, { workflow_id: 'wf' })).not.toThrow();
  });

  test('quote_invalid: wrong prefix, malformed, altered payload, altered signature, another organization, another sandbox', () => {
    const { mint, check, store } = setup();
    const good = mint().quote_id;
    const [body, sig] = good.slice(QUOTE_PREFIX.length).split('.');
    const flipped = sig!.slice(0, -1) + (sig!.endsWith('A') ? 'B' : 'A');
    const cases: Array<[string, string]> = [
      [good.replace(QUOTE_PREFIX, 'qte_v2_'), 'start with qte_v1_'],
      [`${QUOTE_PREFIX}${body}`, 'malformed'],
      [`${good}.extra`, 'malformed'],
      [`${QUOTE_PREFIX}not-json.${sig}`, 'signature'],
      [withPayload(good, (p) => (p.c = 1_000_000)), 'signature'],
      [withPayload(good, (p) => (p.o = store.demo.other_organization_id)), 'signature'],
      [`${QUOTE_PREFIX}${body}.${flipped}`, 'signature'],
      [mint({ organizationId: store.demo.other_organization_id }).quote_id, 'another organization'],
      [setup(43).mint().quote_id, 'signature'],
    ];
    for (const [id, cause] of cases) {
      const f = expectQuoteError(() => check(id), 400, 'quote_invalid');
      expect(f.cause, id).toContain(cause);
    }
    // The genuine quote is untouched by the failed attempts.
    expect(check(good).cap).toBe(100);
  });

  test('the other organization cannot use a quote minted for this one', () => {
    const { mint, check, store } = setup();
    expectQuoteError(() => check(mint().quote_id, {}, store.demo.other_organization_id), 400, 'quote_invalid');
  });

  test('quote_expired at exactly 5 minutes, usable 1 ms before', () => {
    const { mint, check, clock } = setup();
    const id = mint().quote_id;
    clock.advance(QUOTE_TTL_MS - 1);
    expect(check(id).cap).toBe(100);
    clock.advance(1);
    const f = expectQuoteError(() => check(id), 400, 'quote_expired');
    expect(f.details).toEqual({ expired_at: new Date(START + QUOTE_TTL_MS).toISOString() });
  });

  test('quote_already_redeemed once used: 400 on enrichment routes, 409 elsewhere, naming the run it paid for', () => {
    const { mint, check, store, clock } = setup();
    const id = mint().quote_id;
    const checked = check(id);
    clock.advance(1000);
    redeemQuote(store, clock, checked, { workflow_id: 'bulk-enrich-1', list_id: 'lst_1' });
    const at400 = expectQuoteError(() => check(id), 400, 'quote_already_redeemed');
    expect(at400.details).toEqual({
      quote_id: id,
      redeemed_at: new Date(START + 1000).toISOString(),
      workflow_id: 'bulk-enrich-1',
      task_id: null,
      list_id: 'lst_1',
    });
    expect(at400.fix).toContain('GET /enrichment/status/bulk-enrich-1');
    const at409 = expectQuoteError(() => check(id, { redeemedStatus: 409 }), 409, 'quote_already_redeemed');
    expect(at409.details.workflow_id).toBe('bulk-enrich-1');
  });

  test('redeeming one quote leaves another quote of the same estimate usable', () => {
    const { mint, check, store, clock } = setup();
    const [a, b] = [mint().quote_id, mint().quote_id];
    redeemQuote(store, clock, check(a), { workflow_id: 'wf-a' });
    expectQuoteError(() => check(a), 400, 'quote_already_redeemed');
    expect(check(b).cap).toBe(100);
  });

  test('a redeemed quote past its 5 minutes reads expired, and redeeming later quotes drops its record', () => {
    const { mint, check, store, clock } = setup();
    const first = mint().quote_id;
    redeemQuote(store, clock, check(first), { workflow_id: 'wf-1' });
    clock.advance(QUOTE_TTL_MS);
    expectQuoteError(() => check(first), 400, 'quote_expired');
    redeemQuote(store, clock, check(mint().quote_id), { workflow_id: 'wf-2' });
    const redeemed = (store.state.areas.quotes as { redeemed: Record<string, { workflow_id: string }> }).redeemed;
    expect(Object.values(redeemed).map((r) => r.workflow_id)).toEqual(['wf-2']);
  });

  test('quote_mismatch for another tool or another request shape; the same shape in another key order matches', () => {
    const { mint, check } = setup();
    const id = mint().quote_id;
    const tool = expectQuoteError(() => check(id, { tool: 'run_smart_agent' }), 400, 'quote_mismatch');
    expect(tool.details).toMatchObject({ quoted_tool: 'enrich_list', tool: 'run_smart_agent' });
    expect(tool.cause).toContain('enrich_list');
    const shape = expectQuoteError(() => check(id, { shape: { ...SHAPE, scope: 'full' } }), 400, 'quote_mismatch');
    expect(shape.details).toMatchObject({ quoted_filter_hash: shapeHash(SHAPE), filter_hash: shapeHash({ ...SHAPE, scope: 'full' }) });
    expect(check(id, { shape: { scope: 'partial', list_id: 'lst_1', tool: 'enrich_list' } }).cap).toBe(100);
  });

  test('spend_cap_exceeded beyond the quoted rows plus 10 %; at exactly +10 % the run goes on, capped at the quoted cost', () => {
    const { mint, check } = setup();
    const id = mint().quote_id;
    const f = expectQuoteError(() => check(id, { rows: 111, cost: 111 }), 400, 'spend_cap_exceeded');
    expect(f.details).toEqual({ quoted_rows: 100, rows: 111, max_rows: 110, estimated_cost: 100, cost: 111 });
    expect(check(id, { rows: 110, cost: 110 }).cap).toBe(100);
    expect(check(id, { rows: 90, cost: 90 }).cap).toBe(90);
  });

  test('a run refused for its rows leaves the quote usable by the right run', () => {
    const { mint, check, store, clock } = setup();
    const id = mint().quote_id;
    expectQuoteError(() => check(id, { rows: 500, cost: 500 }), 400, 'spend_cap_exceeded');
    expectQuoteError(() => check(id, { shape: { ...SHAPE, list_id: 'lst_2' } }), 400, 'quote_mismatch');
    const ok = check(id);
    redeemQuote(store, clock, ok, { workflow_id: 'wf' });
    expectQuoteError(() => check(id), 400, 'quote_already_redeemed');
  });

  test('checks run in order: invalid before expired, expired before redeemed, redeemed before mismatch, mismatch before the cap', () => {
    const { mint, check, store, clock } = setup();
    const id = mint().quote_id;
    redeemQuote(store, clock, check(id), { workflow_id: 'wf' });
    expectQuoteError(() => check(id, { tool: 'sync_to_crm', rows: 1000 }), 400, 'quote_already_redeemed');
    const fresh = mint().quote_id;
    expectQuoteError(() => check(fresh, { tool: 'sync_to_crm', rows: 1000 }), 400, 'quote_mismatch');
    clock.advance(QUOTE_TTL_MS);
    expectQuoteError(() => check(id), 400, 'quote_expired');
    expectQuoteError(() => check(withPayload(id, (p) => (p.e = START + 10 * QUOTE_TTL_MS))), 400, 'quote_invalid');
  });

  test('a small quote: 0 rows allow none more, 9 rows allow no drift (0.9 rounds down), 10 rows allow 11', () => {
    const { mint, check } = setup();
    expectQuoteError(() => check(mint({ rows: 0, cost: 0 }).quote_id, { rows: 1, cost: 1 }), 400, 'spend_cap_exceeded');
    expect(check(mint({ rows: 0, cost: 0 }).quote_id, { rows: 0, cost: 0 }).cap).toBe(0);
    expectQuoteError(() => check(mint({ rows: 9, cost: 9 }).quote_id, { rows: 10, cost: 10 }), 400, 'spend_cap_exceeded');
    expect(check(mint({ rows: 10, cost: 10 }).quote_id, { rows: 11, cost: 11 }).cap).toBe(10);
  });
});

describe('maxDriftRows', () => {
  test('is the quoted rows plus 10 % rounded down, exact for every count (no floating-point slips)', () => {
    expect([0, 1, 9, 10, 19, 20, 29, 30, 70, 99, 100, 128, 1000, 1005].map(maxDriftRows)).toEqual([
      0, 1, 9, 11, 20, 22, 31, 33, 77, 108, 110, 140, 1100, 1105,
    ]);
    for (let n = 0; n <= 200_000; n++) {
      const m = maxDriftRows(n);
      if (m !== n + Math.floor(n / 10)) expect.fail(`maxDriftRows(${n}) = ${m}`);
    }
    expect(maxDriftRows(10_000_000)).toBe(11_000_000);
  });
});
