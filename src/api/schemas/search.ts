import * as z from 'zod/mini';
import { envelopeFields } from './envelope.js';
import { ENTITY_KINDS, FIND_AT_COMPANIES_STATUSES, GROUP_OPS, SEARCH_LIMITS, SEARCH_ROUTES } from './values/search.js';

export * from './values/search.js';

const between = (l: { min: number; max: number }) => z.int().check(z.minimum(l.min), z.maximum(l.max));
const exactlyOne = (a: string, b: string) =>
  z.refine((v: unknown) => ((v as Record<string, unknown>)[a] === undefined) !== ((v as Record<string, unknown>)[b] === undefined), {
    message: `send exactly one of ${a} or ${b}`,
  });

// Request bodies (what the sandbox validates with 422, and the SDK's parameter types).

/** POST /people/find: exactly one of filters (flat keys) or criteria. Flat keys are checked by the handler (400). */
export const PeopleFindBody = z
  .object({
    filters: z.optional(z.record(z.string(), z.unknown())),
    criteria: z.optional(z.record(z.string(), z.unknown())),
    limit: z.optional(between(SEARCH_LIMITS.people)),
    cursor: z.optional(z.string()),
  })
  .check(exactlyOne('filters', 'criteria'));
export type PeopleFindBody = z.infer<typeof PeopleFindBody>;

/** POST /people/find/compile */
export const CompileBody = z.object({
  criteria: z.record(z.string(), z.unknown()),
  company_criteria: z.optional(z.record(z.string(), z.unknown())),
  crm: z.optional(z.string()),
});
export type CompileBody = z.infer<typeof CompileBody>;

const PersonFilterCondition = z.object({ column: z.string(), filter_type: z.string(), value: z.unknown() });
export const PersonGroupFilterSchema: z.ZodMiniType<{
  type: 'group_filter';
  op: 'and' | 'or';
  filters: unknown[];
}> = z.object({
  type: z.literal('group_filter'),
  op: z.enum(GROUP_OPS),
  filters: z.array(z.union([PersonFilterCondition, z.lazy(() => PersonGroupFilterSchema)])),
});

const CompanyCondition = z.object({ column: z.string(), type: z.string(), value: z.unknown() });
export const CompanyRawFilterSchema: z.ZodMiniType<{ op: 'and' | 'or'; conditions: unknown[] }> = z.object({
  op: z.enum(GROUP_OPS),
  conditions: z.array(z.union([CompanyCondition, z.lazy(() => CompanyRawFilterSchema)])),
});

/** POST /people/find-at-companies: at least one of company_filter or company_linkedin_urls. */
export const FindAtCompaniesBody = z
  .object({
    company_filter: z.optional(CompanyRawFilterSchema),
    company_linkedin_urls: z.optional(z.array(z.string())),
    person_filter: PersonGroupFilterSchema,
    limit: z.optional(between(SEARCH_LIMITS.findAtCompanies)),
    cursor: z.optional(z.string()),
  })
  .check(
    z.refine((v) => v.company_filter !== undefined || (v.company_linkedin_urls?.length ?? 0) > 0, {
      message: 'send company_filter, company_linkedin_urls or both',
    }),
  );
export type FindAtCompaniesBody = z.infer<typeof FindAtCompaniesBody>;

/** POST /search/companies: exactly one of filters (flat keys, aliases, or the raw {op, conditions}) or criteria. */
export const CompanySearchBody = z
  .object({
    filters: z.optional(z.record(z.string(), z.unknown())),
    criteria: z.optional(z.record(z.string(), z.unknown())),
    limit: z.optional(between(SEARCH_LIMITS.companies)),
    cursor: z.optional(z.string()),
    columns: z.optional(z.array(z.string())),
  })
  .check(exactlyOne('filters', 'criteria'));
export type CompanySearchBody = z.infer<typeof CompanySearchBody>;

/** POST /search/companies/similar: one seed. */
export const SimilarCompaniesBody = z
  .object({
    company_domain: z.optional(z.string().check(z.minLength(1))),
    company_id: z.optional(z.string().check(z.minLength(1))),
    limit: z.optional(between(SEARCH_LIMITS.similar)),
  })
  .check(exactlyOne('company_domain', 'company_id'));
export type SimilarCompaniesBody = z.infer<typeof SimilarCompaniesBody>;

// Responses.

const str = z.string();
const nstr = z.nullable(z.string());

export const PersonSearchRow = z.looseObject({
  lead_id: str,
  first_name: str,
  last_name: str,
  full_name: str,
  title: str,
  company: str,
  domain: nstr,
  location: nstr,
  linkedin_url: nstr,
  seniority: nstr,
  confidence_score: z.nullable(z.number()),
  company_linkedin_url: z.optional(nstr),
  company_industry: z.optional(nstr),
  company_headcount_range: z.optional(nstr),
  match_evidence: z.optional(z.looseObject({ status: z.string() })),
});
export type PersonSearchRow = z.infer<typeof PersonSearchRow>;

export const PeopleSearchResponse = z.looseObject({
  ...envelopeFields,
  entity_kind: z.literal('person'),
  results: z.array(PersonSearchRow),
  total: z.int(),
  cursor: nstr,
  credits_charged: z.number(),
  truncation_warning: z.optional(nstr),
  route: z.optional(z.enum(SEARCH_ROUTES)),
  warnings: z.optional(z.array(z.string())),
  exclusions_applied: z.optional(z.array(z.string())),
  search_handoff: z.optional(z.nullable(z.looseObject({ url: str }))),
});
export type PeopleSearchResponse = z.infer<typeof PeopleSearchResponse>;

export const CompileResponse = z.looseObject({
  route: z.enum(SEARCH_ROUTES),
  person_filter: z.nullable(PersonGroupFilterSchema),
  company_filter: z.nullable(CompanyRawFilterSchema),
  warnings: z.array(z.string()),
  exclusions_applied: z.array(z.string()),
  exclusions_complete: z.boolean(),
  timestamp_ms: envelopeFields.timestamp_ms,
});
export type CompileResponse = z.infer<typeof CompileResponse>;

export const CompanySearchRow = z.looseObject({
  company_id: str,
  name: nstr,
  domain: nstr,
  industry: nstr,
  employee_count: z.nullable(z.int()),
  revenue_range: nstr,
  hq_location: nstr,
  funding_stage: nstr,
  founded_year: z.optional(z.nullable(z.int())),
  linkedin_url: z.optional(nstr),
  employee_count_range: z.optional(nstr),
  last_funding_date: z.optional(nstr),
});
export type CompanySearchRow = z.infer<typeof CompanySearchRow>;

/** The enrichment company record. */
export const CompanyRecord = z.looseObject({
  company_id: str,
  name: nstr,
  domain: nstr,
  industry: nstr,
  employee_count: z.nullable(z.int()),
  employee_count_range: nstr,
  revenue_range: nstr,
  hq_location: nstr,
  funding_stage: nstr,
  tech_stack: z.nullable(z.array(z.string())),
  linkedin_url: nstr,
});
export type CompanyRecord = z.infer<typeof CompanyRecord>;

export const CompanySearchResponse = z.looseObject({
  ...envelopeFields,
  entity_kind: z.literal('company'),
  results: z.array(CompanySearchRow),
  total: z.int(),
  cursor: nstr,
  credits_charged: z.number(),
  truncation_warning: z.optional(nstr),
});
export type CompanySearchResponse = z.infer<typeof CompanySearchResponse>;

export const SimilarCompany = z.looseObject({
  company_id: str,
  name: nstr,
  domain: nstr,
  similarity_score: z.number().check(z.minimum(0), z.maximum(1)),
});
export const SimilarCompaniesResponse = z.looseObject({
  ...envelopeFields,
  reference_company: nstr,
  results: z.array(SimilarCompany),
});
export type SimilarCompaniesResponse = z.infer<typeof SimilarCompaniesResponse>;

/** GET .../filters: the values of a field that contain the query, most common first. */
export const FilterValue = z.looseObject({ value: str, count: z.int() });
export const FilterValuesResponse = z.looseObject({
  ...envelopeFields,
  field: str,
  query: str,
  values: z.array(FilterValue),
});
export type FilterValuesResponse = z.infer<typeof FilterValuesResponse>;

export const FindAtCompaniesStarted = z.looseObject({
  ...envelopeFields,
  task_id: str,
  status: z.literal('processing'),
  poll_url: str,
});
export type FindAtCompaniesStarted = z.infer<typeof FindAtCompaniesStarted>;

export const FindAtCompaniesStatusResponse = z.looseObject({
  ...envelopeFields,
  task_id: str,
  status: z.enum(FIND_AT_COMPANIES_STATUSES),
  results: z.optional(z.array(PersonSearchRow)),
  total: z.optional(z.int()),
  cursor: z.optional(nstr),
  credits_charged: z.optional(z.number()),
  resolved_company_count: z.optional(z.int()),
  composite_warning: z.optional(nstr),
  error: z.optional(nstr),
});
export type FindAtCompaniesStatusResponse = z.infer<typeof FindAtCompaniesStatusResponse>;

export const EntityKind = z.enum(ENTITY_KINDS);
