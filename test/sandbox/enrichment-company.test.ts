import * as z from 'zod/mini';
import { describe, expect, test } from 'vitest';
import { control } from './helpers.js';
import { accepted, balance, enrich, expectPublicError, quoteFor, setHitRates, useEnrichmentSandbox } from './enrichment-helpers.js';
import { CompanyEnrichResponse } from '../../src/api/schemas/enrichment.js';

const cast = useEnrichmentSandbox();

describe('POST /enrichment/company', () => {
  test('found by company_id, by domain in any spelling and by exact name in any case: the record, 1 credit each', async () => {
    const c = cast.ds.company(42);
    const before = await balance(cast);
    const bodies = [
      { company_id: c.company_id },
      { domain: `HTTPS://www.${c.domain.toUpperCase()}/about` },
      { company_name: c.name.toLowerCase() },
      { company_ticker: 'ZZZ', domain: c.domain },
    ];
    for (const body of bodies) {
      const r = accepted(await enrich(cast, 'company', body));
      expect(z.safeParse(CompanyEnrichResponse, r).success).toBe(true);
      expect(r).toMatchObject({ credits_charged: 1, company: cast.ds.companyRecord(42) });
    }
    expect(await balance(cast)).toBe(before - bodies.length);
  });

  test('not found (a ticker alone, an unknown domain): 404 not_found saying the credit was refunded; the balance is unchanged', async () => {
    const before = await balance(cast);
    for (const body of [{ company_ticker: 'ACME' }, { domain: 'no-such-company.example' }, { company_name: 'No Such Company Ltd' }]) {
      const e = expectPublicError(await enrich(cast, 'company', body), 404, 'not_found');
      expect(e.cause).toMatch(/refunded/);
      expect(e.details).toEqual({ credits_charged: 0, credits_refunded: 1 });
    }
    expect(await balance(cast)).toBe(before);
  });

  test('a quote is optional; a 404 leaves it unused, the next found company redeems it, then it is 400 quote_already_redeemed', async () => {
    const quote_id = await quoteFor(cast, { tool: 'enrich_company' });
    expectPublicError(await enrich(cast, 'company', { domain: 'no-such-company.example', quote_id }), 404, 'not_found');
    expect(accepted(await enrich(cast, 'company', { company_id: cast.ds.company(1).company_id, quote_id })).credits_charged).toBe(1);
    expectPublicError(
      await enrich(cast, 'company', { company_id: cast.ds.company(2).company_id, quote_id }),
      400,
      'quote_already_redeemed',
    );
  });

  test('a company the providers miss (hit rate 0) is 404 and refunded; 422 without any identifier; 400 insufficient_credits on an empty balance', async () => {
    await setHitRates(cast, { company: 0 });
    const before = await balance(cast);
    expectPublicError(await enrich(cast, 'company', { company_id: cast.ds.company(3).company_id }), 404, 'not_found');
    expect(await balance(cast)).toBe(before);
    expectPublicError(await enrich(cast, 'company', { company_ticker: '  ' }), 422, 'validation_error');
    await setHitRates(cast, { company: null });
    await control(cast.sb, 'POST', '/balance', { credits: 0 });
    expect(
      expectPublicError(await enrich(cast, 'company', { company_id: cast.ds.company(3).company_id }), 400, 'insufficient_credits'),
    ).toMatchObject({ estimated_cost_credits: 1, available_credits: 0 });
  });
});
