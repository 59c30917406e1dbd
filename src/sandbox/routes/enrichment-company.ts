import { CompanyEnrichBody, type CompanyEnrichResponse } from '../../api/schemas/enrichment.js';
import { COMPANY_ENRICHMENT_PRICE } from '../../api/schemas/values/credits.js';
import type { RouteDef } from '../router.js';
import { API } from '../../api/endpoints/index.js';
import type { RequestContext } from '../context.js';
import { entryBody } from '../engine/validation.js';
import { publicError } from '../engine/errors.js';
import { companyFound, findCompany } from '../engine/enrichment-companies.js';
import { runPaid } from '../engine/enrichment-paid.js';

/**
 * POST /enrichment/company: synchronous, 1 credit settled inline. The credit is reserved,
 * then charged when the company is found; not found, it is refunded (404 not_found) and the
 * quote stays unused. Either way GET /usage counts the credit reserved.
 */

function companyNotFound(b: CompanyEnrichBody) {
  const named = Object.entries({
    company_id: b.company_id,
    domain: b.domain,
    company_name: b.company_name,
    company_ticker: b.company_ticker,
  })
    .filter(([, v]) => v !== undefined && v.trim() !== '')
    .map(([k, v]) => `${k} ${JSON.stringify(v)}`)
    .join(', ');
  return publicError(404, {
    code: 'not_found',
    problem: `No company was found for ${named}`,
    cause: `No provider found a company with these identifiers. The ${COMPANY_ENRICHMENT_PRICE} credit reserved for the lookup was refunded: nothing was charged.`,
    fix: 'Check the identifiers (a domain or company_id from a company search matches best), or search companies with POST /search/companies.',
    retryable: false,
    details: { credits_charged: 0, credits_refunded: COMPANY_ENRICHMENT_PRICE },
  });
}

function enrichCompany(ctx: RequestContext): CompanyEnrichResponse {
  const body = entryBody(API.enrichment.company, ctx.body);
  return runPaid(ctx, {
    run: { tool: 'enrich_company', body },
    rows: 1,
    cost: COMPANY_ENRICHMENT_PRICE,
    start: (reserved) => {
      // The lookup is dispatched: GET /usage counts "the cost reserved at dispatch rather than the
      // settled charge", so a company not found (its credit refunded) still counts its credit.
      ctx.creditsSpent = reserved;
      const index = findCompany(ctx.services.dataset, body);
      if (index === undefined || !companyFound(ctx.services, index)) throw companyNotFound(body);
      return {
        redeemed: {},
        answer: { company: ctx.services.dataset.companyRecord(index), credits_charged: reserved, timestamp_ms: ctx.clock.now() },
      };
    },
  });
}

export const enrichmentCompanyRoutes: RouteDef[] = [{ endpoint: API.enrichment.company, handler: enrichCompany }];
