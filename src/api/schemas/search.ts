import * as z from 'zod/mini';
import { envelopeFields } from './envelope.js';
import { anyOfForms, described, documentedAs, exactlyOneOf, sends } from './described.js';
import {
  COMPANY_COLUMN_LABELS,
  COMPANY_FILTER_FIELDS,
  CRM_PROVIDERS,
  DEPARTMENTS,
  ENTITY_KINDS,
  FIND_AT_COMPANIES_STATUSES,
  GROUP_OPS,
  HEADCOUNT_BANDS,
  JOB_FUNCTIONS,
  MANAGEMENT_LEVELS,
  PEOPLE_FILTER_FIELDS,
  PEOPLE_FLAT_KEYS,
  PERSON_FILTER_COLUMNS,
  PERSON_NUMERIC_COLUMNS,
  SEARCH_LIMITS,
  SEARCH_ROUTES,
  SENIORITY_LEVELS,
  type PeopleFlatKey,
} from './values/search.js';

export * from './values/search.js';

const between = (l: { min: number; max: number }) => z.int().check(z.minimum(l.min), z.maximum(l.max));
const exactlyOne = (a: string, b: string) =>
  z.refine((v: unknown) => ((v as Record<string, unknown>)[a] === undefined) !== ((v as Record<string, unknown>)[b] === undefined), {
    message: `send exactly one of ${a} or ${b}`,
  });
const pageLimit = (l: { min: number; max: number; default: number }, what: string) =>
  z.optional(described(between(l), `${what} (${l.min} to ${l.max}, default ${l.default}).`, { default: l.default }));
const cursor = z.optional(
  described(z.string(), 'Opaque cursor from the previous response, sent with the same filters; omit for the first page.'),
);

// Flat people filters, as the documents show them (the handler checks them and answers 400 validation_error).

/** A filter value: text that is not blank. */
const filterText = z.string().check(z.regex(/\S/));
const anyOf = (what: string) => `${what}; a person matches any of the values.`;
const fixedList = (values: readonly string[], what: string) => described(z.array(z.enum(values as [string, ...string[]])), anyOf(what));
const textList = (what: string) => described(z.array(filterText), anyOf(what));
/** The headcount bands as written, and their comma-less forms (501-1000), which are accepted too. */
const HEADCOUNT_SPELLINGS = [...new Set(HEADCOUNT_BANDS.flatMap((b) => [b, b.replace(/,/g, '')]))];

const PEOPLE_FLAT_FILTER_FIELDS: Record<PeopleFlatKey, z.ZodMiniType> = {
  titles: textList('Current job titles, matched exactly and case-sensitively (look values up with GET /people/find/filters?field=titles)'),
  seniority: fixedList(SENIORITY_LEVELS, 'Seniority levels'),
  management_levels: fixedList(MANAGEMENT_LEVELS, 'Management levels'),
  departments: fixedList(DEPARTMENTS, 'Departments'),
  job_functions: fixedList(JOB_FUNCTIONS, 'Job functions'),
  locations: textList('Full location strings as the service writes them (City, State, Country)'),
  location_city: textList('Bare city names'),
  location_state: textList('Bare state or region names'),
  location_country: textList('Bare country names'),
  school_names: textList('Schools attended'),
  skills: textList('Skills on the profile'),
  languages: textList('Languages on the profile'),
  company_names: textList('Current employer names, equal to the employer name (company_domains is more reliable)'),
  company_domains: textList('Current employer domains'),
  company_industries: textList('Industries of the current employer'),
  company_headcount: fixedList(HEADCOUNT_SPELLINGS, 'Headcount bands of the current employer (501-1,000 or 501-1000)'),
  company_locations: textList('HQ locations of the current employer'),
};

/**
 * The 17 flat keys of POST /people/find: AND across keys, OR within a key. Any other key, or
 * a value outside a fixed list, is a 400 validation_error naming the allowed keys.
 */
export const FlatPeopleFilters = described(
  z.strictObject(Object.fromEntries(Object.entries(PEOPLE_FLAT_FILTER_FIELDS).map(([k, v]) => [k, z.optional(v)]))),
  'Flat people filters: the 17 keys below, each an array of values, at least one with a value. A person matches every key sent and any value ' +
    'within a key. Any other key, or a value outside a fixed list, is a 400 validation_error.',
  anyOfForms(...PEOPLE_FLAT_KEYS.map((k) => sends(k, { minItems: 1, description: `${k}, with at least one value.` }))),
);

const criteriaText =
  "The criteria form: the fields of the product's Find People page (jobTitlesInclude with jobTitleMatchType, seniorityInclude, " +
  'locationsInclude, yearsInRoleMin, company_criteria, exclusions, sort, maxResults and more), compiled on the server ' +
  '(POST /people/find/compile shows the result). Not available to partner-license-only workspaces.';
const criteria = z.record(z.string(), z.unknown());
const companyCriteriaText =
  'Employer attributes (industriesInclude, headcountRanges, revenueMin, fundingRoundTypes, hqCountriesIso3, ...); may route the search company-first.';

// Request bodies (what the sandbox validates with 422, and the SDK's parameter types).

/** POST /people/find: exactly one of filters (flat keys) or criteria. Flat keys are checked by the handler (400). */
export const PeopleFindBody = described(
  z
    .object({
      filters: z.optional(documentedAs(z.record(z.string(), z.unknown()), FlatPeopleFilters, 'Flat filters; send this or criteria.')),
      criteria: z.optional(described(criteria, `${criteriaText} Send this or filters.`)),
      limit: pageLimit(
        SEARCH_LIMITS.people,
        `Rows wanted; one answer holds at most ${SEARCH_LIMITS.people.perResponse}, follow cursor for the rest`,
      ),
      cursor,
    })
    .check(exactlyOne('filters', 'criteria')),
  'A people search: exactly one of filters or criteria. Free; each page counts as one search toward the daily cap.',
  exactlyOneOf(['filters', 'criteria']),
);
export type PeopleFindBody = z.infer<typeof PeopleFindBody>;

/** POST /people/find/compile */
export const CompileBody = described(
  z.object({
    criteria: described(criteria, criteriaText),
    company_criteria: z.optional(described(z.record(z.string(), z.unknown()), companyCriteriaText)),
    crm: z.optional(
      described(z.string(), 'A connected CRM whose records are excluded, beside criteria.exclusions.crm.', { enum: CRM_PROVIDERS }),
    ),
  }),
  'Criteria to compile into raw filters, without searching (free, not counted as a search).',
);
export type CompileBody = z.infer<typeof CompileBody>;

const PERSON_TEXT_COLUMNS = PERSON_FILTER_COLUMNS.filter((c) => !PERSON_NUMERIC_COLUMNS.includes(c));
/** Numeric columns take in, not_in, gte and lte; the others in, not_in, contains and not_contains (the handler's 400 otherwise). */
const PERSON_CONDITION_FORMS = [
  { columns: PERSON_NUMERIC_COLUMNS, types: ['in', 'not_in', 'gte', 'lte'], what: 'A numeric column' },
  { columns: PERSON_TEXT_COLUMNS, types: ['in', 'not_in', 'contains', 'not_contains'], what: 'A text column' },
].map(({ columns, types, what }) => ({
  properties: {
    column: { enum: columns, description: `${what}.` },
    filter_type: { enum: types, description: `What ${what.toLowerCase()} takes.` },
  },
}));
const PersonFilterCondition = described(
  z.object({
    column: described(z.string(), 'The person field compared, e.g. title, seniority, location_country, company_domain, years_in_role.'),
    filter_type: described(
      z.string(),
      'in, not_in (exact, case-insensitive), contains, not_contains (substring; synonyms on titles), gte, lte (numbers).',
    ),
    value: described(z.unknown(), 'A string or an array of strings; a number for gte and lte.'),
  }),
  'One condition on a person field.',
  anyOfForms(...PERSON_CONDITION_FORMS),
);
export const PersonGroupFilterSchema: z.ZodMiniType<{
  type: 'group_filter';
  op: 'and' | 'or';
  filters: unknown[];
}> = described(
  z.object({
    type: described(z.literal('group_filter'), 'Always group_filter.'),
    op: described(z.enum(GROUP_OPS), 'and: every entry must match; or: any entry.'),
    filters: described(
      z.array(z.union([PersonFilterCondition, z.lazy(() => PersonGroupFilterSchema)])),
      'Conditions {column, filter_type, value} and nested groups.',
    ),
  }),
  'The raw person filter: a group of conditions and nested groups.',
);

const CompanyCondition = z.object({
  column: described(z.string(), 'The company field compared, e.g. industry, employee_count, hq_country, funding_stage, founded_year.'),
  type: described(z.string(), 'in, not_in, eq, contains, not_contains, gte, lte, or between (value [min, max]).'),
  value: described(z.unknown(), 'What the column is compared with.'),
});
export const CompanyRawFilterSchema: z.ZodMiniType<{ op: 'and' | 'or'; conditions: unknown[] }> = described(
  z.object({
    op: described(z.enum(GROUP_OPS), 'and: every condition must match; or: any condition.'),
    conditions: described(
      z.array(z.union([CompanyCondition, z.lazy(() => CompanyRawFilterSchema)])),
      'Conditions {column, type, value} and nested {op, conditions} groups; passed through without key checks.',
    ),
  }),
  'The raw company filter shape {op, conditions[]}.',
);

/** POST /people/find-at-companies: at least one of company_filter or company_linkedin_urls. */
export const FindAtCompaniesBody = described(
  z
    .object({
      company_filter: z.optional(
        described(CompanyRawFilterSchema, 'Which companies to search; intersected with company_linkedin_urls when both are sent.'),
      ),
      company_linkedin_urls: z.optional(
        described(
          z.array(described(z.string(), 'A company LinkedIn URL.', { format: 'uri' })),
          'LinkedIn URLs of the companies to search.',
        ),
      ),
      person_filter: described(PersonGroupFilterSchema, 'Which people to find at those companies.'),
      limit: pageLimit(SEARCH_LIMITS.findAtCompanies, 'People wanted in this block'),
      cursor: z.optional(described(z.string(), 'Cursor from a previous status answer, for the next block.')),
    })
    .check(
      z.refine((v) => v.company_filter !== undefined || (v.company_linkedin_urls?.length ?? 0) > 0, {
        message: 'send company_filter, company_linkedin_urls or both',
      }),
    ),
  'Starts an async search for people at matching companies (free). Send company_filter, company_linkedin_urls or both.',
  anyOfForms(sends('company_filter'), sends('company_linkedin_urls', { minItems: 1, description: 'At least one URL is sent.' })),
);
export type FindAtCompaniesBody = z.infer<typeof FindAtCompaniesBody>;

/** POST /search/companies: exactly one of filters (flat keys, aliases, or the raw {op, conditions}) or criteria. */
export const CompanySearchBody = described(
  z
    .object({
      filters: z.optional(
        described(
          z.record(z.string(), z.unknown()),
          'Flat company filters (industries, employee_count_ranges, locations, hq_country, funding_stages, names, domains, year_founded, ' +
            'company_type, or their aliases), each an array; or the raw shape {op, conditions}. Send this or criteria.',
          { minProperties: 1 },
        ),
      ),
      criteria: z.optional(described(z.record(z.string(), z.unknown()), `Company criteria: ${companyCriteriaText} Send this or filters.`)),
      limit: pageLimit(SEARCH_LIMITS.companies, 'Rows wanted'),
      cursor,
      columns: z.optional(described(z.array(z.string()), `Row fields beyond the defaults, by label: ${COMPANY_COLUMN_LABELS.join(', ')}.`)),
    })
    .check(exactlyOne('filters', 'criteria')),
  'A company search: exactly one of filters or criteria. Free.',
  exactlyOneOf(['filters', 'criteria']),
);
export type CompanySearchBody = z.infer<typeof CompanySearchBody>;

/** POST /search/companies/similar: one seed. */
export const SimilarCompaniesBody = described(
  z
    .object({
      company_domain: z.optional(described(z.string().check(z.minLength(1)), 'Domain of the seed company; send this or company_id.')),
      company_id: z.optional(described(z.string().check(z.minLength(1)), 'Id of the seed company; send this or company_domain.')),
      limit: pageLimit(SEARCH_LIMITS.similar, 'Companies wanted'),
    })
    .check(exactlyOne('company_domain', 'company_id')),
  'Companies like one seed company. No credits are deducted.',
  exactlyOneOf(['company_domain', 'company_id']),
);
export type SimilarCompaniesBody = z.infer<typeof SimilarCompaniesBody>;

// Responses.

const str = z.string();
const nstr = z.nullable(z.string());
const count = z.int().check(z.minimum(0));

export const PersonSearchRow = described(
  z.looseObject({
    lead_id: described(str, 'Search-scoped id of the person; not valid as a lead_ids value (save rows to a list through the task_id).'),
    first_name: described(str, 'First name.'),
    last_name: described(str, 'Last name.'),
    full_name: described(str, 'Full name, pre-composed.'),
    title: described(str, 'Current job title.'),
    company: described(str, 'Current employer name.'),
    domain: described(nstr, 'Current employer domain.'),
    location: described(nstr, 'City, State, Country.'),
    linkedin_url: described(nstr, 'LinkedIn profile URL.'),
    seniority: described(nstr, 'Seniority level.'),
    confidence_score: described(z.nullable(z.number()), 'Always null today.'),
    company_linkedin_url: z.optional(described(nstr, 'LinkedIn URL of the employer.')),
    company_industry: z.optional(described(nstr, 'Industry of the employer.')),
    company_headcount_range: z.optional(described(nstr, 'Headcount band of the employer.')),
    match_evidence: z.optional(
      described(
        z.looseObject({ status: described(z.string(), 'unverified when the current role or company could not be confirmed.') }),
        'Criteria-form rows: whether the match was confirmed.',
      ),
    ),
  }),
  'One person found by a search; rows carry no email and no phone.',
);
export type PersonSearchRow = z.infer<typeof PersonSearchRow>;

/** The fields people and company search pages share. */
const searchPageFields = {
  ...envelopeFields,
  total: described(count, 'Every match, whatever the limit.'),
  cursor: described(nstr, 'Cursor of the next page; null on the last one.'),
  credits_charged: described(z.number(), 'Always 0: search is free.', { const: 0 }),
  truncation_warning: z.optional(described(nstr, 'Set when fewer rows came back than asked (the per-answer ceiling or a maxResults cap).')),
};

export const PeopleSearchResponse = described(
  z.looseObject({
    ...searchPageFields,
    entity_kind: described(z.literal('person'), 'Always person.'),
    results: described(z.array(PersonSearchRow), 'This page of people.'),
    route: z.optional(described(z.enum(SEARCH_ROUTES), 'Criteria form: whether the search ran person-first or company-first.')),
    warnings: z.optional(described(z.array(z.string()), 'Criteria form: what was ignored or adjusted while compiling.')),
    exclusions_applied: z.optional(described(z.array(z.string()), 'Criteria form: the exclusions applied (in_cleanlist, crm:<provider>).')),
    search_handoff: z.optional(
      described(
        z.nullable(z.looseObject({ url: described(str, "Opens the product's Find People page with these criteria.", { format: 'uri' }) })),
        'Criteria form: where to continue the search in the application.',
      ),
    ),
  }),
  'A page of people search results; task_id is the cohort handle of these rows.',
);
export type PeopleSearchResponse = z.infer<typeof PeopleSearchResponse>;

export const CompileResponse = described(
  z.looseObject({
    route: described(z.enum(SEARCH_ROUTES), 'Whether the search would run person-first or company-first.'),
    person_filter: described(z.nullable(PersonGroupFilterSchema), 'The raw person filter the criteria compile to.'),
    company_filter: described(z.nullable(CompanyRawFilterSchema), 'The raw company filter from company_criteria, if any.'),
    warnings: described(z.array(z.string()), 'What was ignored or adjusted.'),
    exclusions_applied: described(z.array(z.string()), 'The exclusions that would apply (in_cleanlist, crm:<provider>).'),
    exclusions_complete: described(z.boolean(), 'false when an exclusion could be applied only in part.'),
    timestamp_ms: envelopeFields.timestamp_ms,
  }),
  'What criteria compile to.',
);
export type CompileResponse = z.infer<typeof CompileResponse>;

const companyFields = {
  company_id: described(str, 'Id of the company.'),
  name: described(nstr, 'Display name.'),
  domain: described(nstr, 'Web domain.'),
  industry: described(nstr, 'Industry label.'),
  employee_count: described(z.nullable(z.int()), 'Employees.'),
  revenue_range: described(nstr, 'Revenue band.'),
  hq_location: described(nstr, 'Headquarters location.'),
  funding_stage: described(nstr, 'Last funding round.'),
};

export const CompanySearchRow = described(
  z.looseObject({
    ...companyFields,
    founded_year: z.optional(described(z.nullable(z.int()), 'Year founded (columns: Founded).')),
    linkedin_url: z.optional(described(nstr, 'LinkedIn URL (columns: LinkedIn).')),
    employee_count_range: z.optional(described(nstr, 'Headcount band (columns: Headcount).')),
    last_funding_date: z.optional(described(nstr, 'Date of the last funding round (columns: Last funding).')),
  }),
  'One company found by a search; any field may be null.',
);
export type CompanySearchRow = z.infer<typeof CompanySearchRow>;

/** The enrichment company record. */
export const CompanyRecord = described(
  z.looseObject({
    ...companyFields,
    employee_count_range: described(nstr, 'Headcount band.'),
    tech_stack: described(z.nullable(z.array(z.string())), 'Technologies the company uses.'),
    linkedin_url: described(nstr, 'LinkedIn URL.'),
  }),
  'An enriched company; any field may be null.',
);
export type CompanyRecord = z.infer<typeof CompanyRecord>;

export const CompanySearchResponse = described(
  z.looseObject({
    ...searchPageFields,
    entity_kind: described(z.literal('company'), 'Always company.'),
    results: described(z.array(CompanySearchRow), 'This page of companies.'),
  }),
  'A page of company search results; task_id is the cohort handle of these rows.',
);
export type CompanySearchResponse = z.infer<typeof CompanySearchResponse>;

export const SimilarCompany = described(
  z.looseObject({
    company_id: companyFields.company_id,
    name: companyFields.name,
    domain: companyFields.domain,
    similarity_score: described(z.number().check(z.minimum(0), z.maximum(1)), 'Share of facets shared with the seed, 0 to 1.'),
  }),
  'A company like the seed.',
);
export const SimilarCompaniesResponse = described(
  z.looseObject({
    ...envelopeFields,
    reference_company: described(nstr, 'The seed company as resolved; results are empty when it did not resolve.'),
    results: described(z.array(SimilarCompany), 'Similar companies, most similar first.'),
  }),
  'Companies similar to a seed.',
);
export type SimilarCompaniesResponse = z.infer<typeof SimilarCompaniesResponse>;

/** GET .../filters: the values of a field that contain the query, most common first. */
export const FilterValue = described(
  z.looseObject({ value: described(str, 'A value to use in the filter.'), count: described(count, 'How many records hold it.') }),
  'One filter value.',
);
export const FilterValuesResponse = described(
  z.looseObject({
    ...envelopeFields,
    field: described(
      str,
      `The field looked up: ${PEOPLE_FILTER_FIELDS.join(', ')} (people) or ${COMPANY_FILTER_FIELDS.join(', ')} (companies).`,
    ),
    query: described(str, 'The text matched.'),
    values: described(z.array(FilterValue), 'Values containing the text, most common first.'),
  }),
  'Values of a filter field that contain a text.',
);
export type FilterValuesResponse = z.infer<typeof FilterValuesResponse>;

export const FindAtCompaniesStarted = described(
  z.looseObject({
    ...envelopeFields,
    task_id: described(str, 'The job; poll it at poll_url.'),
    status: described(z.literal('processing'), 'Always processing.'),
    poll_url: described(str, 'Where to poll the job.'),
  }),
  'A find-at-companies job, started.',
);
export type FindAtCompaniesStarted = z.infer<typeof FindAtCompaniesStarted>;

export const FindAtCompaniesStatusResponse = described(
  z.looseObject({
    ...envelopeFields,
    task_id: described(str, 'The job.'),
    status: described(z.enum(FIND_AT_COMPANIES_STATUSES), 'processing, then completed or failed.'),
    results: z.optional(described(z.array(PersonSearchRow), 'Completed: the people found (one block).')),
    total: z.optional(described(z.int(), 'Completed: every match.')),
    cursor: z.optional(described(nstr, 'Completed: send it in a new POST for the next block; null on the last.')),
    credits_charged: z.optional(described(z.number(), 'Completed: always 0.')),
    resolved_company_count: z.optional(described(z.int(), 'Completed: companies the company filter and URLs resolved to.')),
    composite_warning: z.optional(described(nstr, 'Completed: what was dropped combining company_filter and company_linkedin_urls.')),
    error: z.optional(described(nstr, 'Failed: why.')),
  }),
  'The state of a find-at-companies job; results once completed.',
);
export type FindAtCompaniesStatusResponse = z.infer<typeof FindAtCompaniesStatusResponse>;

export const EntityKind = described(z.enum(ENTITY_KINDS), 'What a cohort holds: people or companies.');
