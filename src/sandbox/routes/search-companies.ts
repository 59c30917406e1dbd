import {
  COMPANY_COLUMN_LABELS,
  COMPANY_OPTIONAL_FIELDS,
  CompanyRawFilterSchema,
  SEARCH_LIMITS,
  companyColumnField,
  type CompanyOptionalField,
  type CompanyRawFilter,
  type CompanySearchResponse,
  type SimilarCompaniesResponse,
} from '../../api/schemas/search.js';
import { checkCompanyFilters, isCompanyRawFilter } from '../../api/search-check.js';
import { closest, didYouMean } from '../../api/suggest.js';
import type { RouteDef } from '../router.js';
import { API } from '../../api/endpoints/index.js';
import type { RequestContext } from '../context.js';
import { publicError, validationError } from '../engine/errors.js';
import { toValidationIssues, entryBody } from '../engine/validation.js';
import { mintCohort } from '../engine/cohorts.js';
import { cursorBinding } from '../engine/cursors.js';
import { companyCriteriaFilter } from '../engine/criteria.js';
import { filterProblemError, pageOf, requireCriteriaSearch, searchQuotaText, truncationWarning } from '../engine/search.js';

const ENDPOINT = 'POST /search/companies';

const USAGE =
  'No companies matched. To broaden: use bare city names in locations, domains rather than names, and industry or headcount values from ' +
  'GET /search/companies/filters?field=<field>&query=<text>; funding_stages match the stored last-round label verbatim, so friendly labels may return total 0.';

/** The optional row fields the columns name; 400 validation_error naming the labels for an unknown one. */
function columnFields(columns: readonly string[] | undefined): CompanyOptionalField[] {
  const fields = new Set<CompanyOptionalField>();
  const unknown: string[] = [];
  for (const label of columns ?? []) {
    const f = companyColumnField(label);
    if (f === undefined) unknown.push(label);
    else if ((COMPANY_OPTIONAL_FIELDS as readonly string[]).includes(f)) fields.add(f as CompanyOptionalField);
  }
  if (unknown.length) {
    const first = unknown[0]!;
    throw publicError(400, {
      code: 'validation_error',
      problem: `Unknown column "${first}"${didYouMean(closest(first, COMPANY_COLUMN_LABELS))}`,
      cause: `columns takes these labels: ${COMPANY_COLUMN_LABELS.join(', ')}.`,
      fix: 'Send columns from details.allowed_columns, or leave columns out for the default fields.',
      retryable: false,
      details: { unsupported_columns: unknown, allowed_columns: COMPANY_COLUMN_LABELS },
    });
  }
  return COMPANY_OPTIONAL_FIELDS.filter((f) => fields.has(f));
}

/** The raw {op, conditions} shape, checked for shape only (422); its columns and types pass unchecked. */
function rawFilter(filters: unknown): CompanyRawFilter {
  const r = CompanyRawFilterSchema.safeParse(filters);
  if (!r.success)
    throw validationError(toValidationIssues(r.error.issues).map((i) => ({ ...i, loc: ['body', 'filters', ...i.loc.slice(1)] })));
  return r.data as CompanyRawFilter;
}

function searchCompanies(ctx: RequestContext): CompanySearchResponse {
  const body = entryBody(API.companies.search, ctx.body);
  const org = ctx.caller.organization;
  const dataset = ctx.services.dataset;
  const limit = body.limit ?? SEARCH_LIMITS.companies.default;
  const extra = columnFields(body.columns);
  let found: Int32Array;
  let shape: unknown;
  if (body.criteria) {
    requireCriteriaSearch(org);
    found = dataset.matchCompanyFilter(companyCriteriaFilter(body.criteria));
    shape = { criteria: body.criteria };
  } else if (isCompanyRawFilter(body.filters)) {
    const filter = rawFilter(body.filters);
    found = dataset.matchCompanyFilter(filter);
    shape = { raw: filter };
  } else {
    const checked = checkCompanyFilters(body.filters);
    if (!checked.ok) throw filterProblemError(checked.problem, ENDPOINT);
    found = dataset.findCompanies(checked.value);
    shape = { filters: Object.fromEntries(Object.entries(checked.value).map(([k, v]) => [k, [...(v ?? [])].map(String).sort()])) };
  }
  const page = pageOf(ctx, found, {
    cursor: body.cursor,
    binding: cursorBinding(ENDPOINT, { ...(shape as object), columns: extra }),
    pageSize: Math.min(limit, SEARCH_LIMITS.companies.perResponse),
  });
  const results = Array.from(page.rows, (i) => dataset.companyRow(i, extra));
  const cohort = mintCohort(ctx.services, {
    organizationId: org.id,
    entityKind: 'company',
    ids: results.map((r) => r.company_id),
    source: ENDPOINT,
  });
  const total = found.length;
  const agent_instructions = [
    results.length ? `Rows ${page.offset + 1} to ${page.offset + results.length} of ${total}.` : `No rows on this page (${total} matches).`,
    searchQuotaText(ctx, 'company_search'),
    results.length ? `Enrich these companies by task with task_id ${cohort.task_id}.` : '',
    page.cursor ? 'For the next page send cursor with the same filters and columns.' : 'This is the last page.',
  ]
    .filter(Boolean)
    .join(' ');
  return {
    task_id: cohort.task_id,
    timestamp_ms: ctx.clock.now(),
    entity_kind: 'company',
    results,
    total,
    cursor: page.cursor,
    credits_charged: 0,
    truncation_warning: truncationWarning(limit, SEARCH_LIMITS.companies.perResponse),
    agent_instructions,
    ...(total === 0 ? { usage: USAGE } : {}),
  };
}

function similarCompanies(ctx: RequestContext): SimilarCompaniesResponse {
  const body = entryBody(API.companies.similar, ctx.body);
  const dataset = ctx.services.dataset;
  const seed =
    body.company_id !== undefined ? dataset.companyIndexById(body.company_id) : dataset.companyIndexByDomain(body.company_domain ?? '');
  if (seed === undefined)
    return {
      reference_company: null,
      results: [],
      timestamp_ms: ctx.clock.now(),
      usage:
        `No company is known by ${body.company_id !== undefined ? `company_id ${body.company_id}` : `domain ${body.company_domain}`}. ` +
        'Find the company with POST /search/companies (domains is the reliable key) and send its company_id or domain.',
    };
  const results = dataset.similarCompanies(seed, body.limit ?? SEARCH_LIMITS.similar.default).map(({ index, score }) => {
    const c = dataset.company(index);
    return { company_id: c.company_id, name: c.name, domain: c.domain, similarity_score: score };
  });
  const cohort = mintCohort(ctx.services, {
    organizationId: ctx.caller.organization.id,
    entityKind: 'company',
    ids: results.map((r) => r.company_id),
    source: 'POST /search/companies/similar',
  });
  return {
    task_id: cohort.task_id,
    timestamp_ms: ctx.clock.now(),
    reference_company: dataset.company(seed).name,
    results,
    agent_instructions:
      'similarity_score is the share of facets (industry, headcount band, revenue range, HQ country, funding stage, company type, ' +
      `founding decade) shared with ${dataset.company(seed).name}. No credits were deducted; enrich these companies by task with task_id ${cohort.task_id}.`,
  };
}

export const searchCompaniesRoutes: RouteDef[] = [
  { endpoint: API.companies.search, handler: searchCompanies },
  { endpoint: API.companies.similar, handler: similarCompanies },
];
