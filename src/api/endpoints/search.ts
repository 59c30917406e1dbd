import { COMPANY_FILTER_FIELDS, PEOPLE_FILTER_FIELDS, SEARCH_LIMITS } from '../schemas/values/search.js';
import { endpoint, ref, type QueryParam } from './endpoint.js';
import { TAGS, textParam } from './params.js';
import { SAMPLE } from './samples.js';

/** Search (free): people, companies, similar companies, filter values, and find-at-companies jobs. */

const filterQuery = (fields: readonly string[]): QueryParam[] => [
  { name: 'field', description: 'The filter field.', required: true, schema: { type: 'string', enum: [...fields] } },
  textParam('query', 'Text the values contain (case-insensitive); blank gives 400 query_required.', true),
];

export const people = {
  search: endpoint({
    id: 'people.search',
    method: 'POST',
    path: '/people/find',
    kind: 'v2',
    scope: 'people:read',
    counts: 'people_search',
    summary: 'Search people by flat filters or criteria',
    description:
      'One page of people matching flat filters or a criteria object (exactly one). Free; each page counts as one search toward the daily cap. Follow cursor with the same filters until it is null. It changes nothing, so a request whose answer was lost may be sent again (it counts as another search).',
    body: ref('PeopleFindBody'),
    response: ref('PeopleSearchResponse'),
    errors: {
      400: ['validation_error', 'invalid_cursor', 'invalid_criteria', 'empty_criteria', 'unsupported_exclusions', 'crm_not_connected'],
      403: ['search_quota_exhausted', 'feature_gated'],
      404: ['not_found'],
    },
    example: {
      body: {
        filters: { titles: ['VP of Customer Success', 'VP of Sales'], seniority: ['Vice President'], company_headcount: ['51-200'] },
        limit: 25,
      },
      response: {
        task_id: SAMPLE.cohort,
        entity_kind: 'person',
        results: [
          {
            lead_id: 'sp_941b88aca4fcb093',
            first_name: 'Tae-yang',
            last_name: 'Yoo',
            full_name: 'Tae-yang Yoo',
            title: 'VP of Customer Success',
            company: 'Vivid Savings',
            domain: SAMPLE.domain,
            location: 'Seongnam, Gyeonggi, South Korea',
            linkedin_url: SAMPLE.linkedinUrl,
            seniority: 'Vice President',
            confidence_score: null,
            company_industry: 'Banking',
            company_headcount_range: '51-200',
          },
        ],
        total: 26,
        cursor: 'eyJvIjoxfQ.pifYExFRlpBQlCUnrpo25mUzMYSH5I6QhR5RT60wn_0',
        credits_charged: 0,
        truncation_warning: null,
      },
    },
    rows: 'results',
    pages: { in: 'body', size: SEARCH_LIMITS.people.perResponse },
    idempotent: true,
    published: { document: 'v2', operationId: 'findPeople', tag: TAGS.search },
  }),
  compile: endpoint({
    id: 'people.compile',
    method: 'POST',
    path: '/people/find/compile',
    kind: 'v2',
    scope: 'people:read',
    summary: 'Compile criteria to raw filters',
    description:
      'What the service makes of a criteria object: the raw filters it would search with, and a link that opens them in the product. Free; not a search.',
    body: ref('CompileBody'),
    response: ref('CompileResponse'),
    errors: {
      400: ['invalid_criteria', 'empty_criteria', 'unsupported_exclusions', 'crm_not_connected'],
      403: ['feature_gated'],
      404: ['not_found'],
    },
    example: {
      body: {
        criteria: {
          jobTitlesInclude: ['VP of Sales'],
          jobTitleMatchType: 'contains',
          seniorityInclude: ['Vice President'],
          yearsInRoleMin: 1,
        },
      },
    },
    idempotent: true,
    published: { document: 'v2', operationId: 'compilePeopleCriteria', tag: TAGS.search },
  }),
  filterValues: endpoint({
    id: 'people.filterValues',
    method: 'GET',
    path: '/people/find/filters',
    kind: 'v2',
    scope: 'people:read',
    summary: 'Values of a people filter field matching a text',
    description: 'The values of one people filter field that contain a text, most common first: what a filter accepts. Free.',
    query: filterQuery(PEOPLE_FILTER_FIELDS),
    response: ref('FilterValuesResponse'),
    errors: { 400: ['unknown_field', 'query_required'], 503: ['filters_unavailable'] },
    rows: 'values',
    idempotent: true,
    published: { document: 'v2', operationId: 'getPeopleFilterValues', tag: TAGS.search },
  }),
  findAtCompanies: endpoint({
    id: 'people.findAtCompanies',
    method: 'POST',
    path: '/people/find-at-companies',
    kind: 'v2',
    scope: 'people:read',
    summary: 'Start a search for people at matching companies',
    description:
      'Starts a job that finds people at companies matching a company filter or LinkedIn URLs; poll GET /people/find-at-companies/status/{task_id}. A completed job answers one block of people and a cursor; send it in a new request for the next block. Free.',
    body: ref('FindAtCompaniesBody'),
    response: ref('FindAtCompaniesStarted'),
    errors: { 400: ['validation_error', 'invalid_cursor'] },
    example: {
      body: {
        company_linkedin_urls: ['https://www.linkedin.com/company/vivid-savings'],
        person_filter: {
          type: 'group_filter',
          op: 'and',
          filters: [
            { column: 'title', filter_type: 'contains', value: 'sales' },
            { column: 'years_in_role', filter_type: 'gte', value: 1 },
          ],
        },
        limit: 25,
      },
      response: {
        task_id: 'svc-task_9b2e7d4c1a6f3e8b5d0c2a7f',
        status: 'processing',
        poll_url: 'https://api.example.com/api/v2/people/find-at-companies/status/svc-task_9b2e7d4c1a6f3e8b5d0c2a7f',
      },
    },
    idempotent: false,
    published: { document: 'v2', operationId: 'startFindAtCompanies', tag: TAGS.search },
  }),
  findAtCompaniesStatus: endpoint({
    id: 'people.findAtCompaniesStatus',
    method: 'GET',
    path: '/people/find-at-companies/status/:task_id',
    params: { task_id: 'The job: the task_id that starting it (POST /people/find-at-companies) answered; a cohort handle (svc-task_...).' },
    kind: 'v2',
    scope: 'people:read',
    summary: 'Poll a find-at-companies job',
    description: 'The state of a find-at-companies job and, once completed, the people it found. Free.',
    response: ref('FindAtCompaniesStatusResponse'),
    errors: { 404: ['task_not_found'] },
    idempotent: true,
    published: { document: 'v2', operationId: 'getFindAtCompaniesStatus', tag: TAGS.search },
  }),
};

export const companies = {
  search: endpoint({
    id: 'companies.search',
    method: 'POST',
    path: '/search/companies',
    kind: 'v2',
    scope: 'companies:read',
    counts: 'company_search',
    summary: 'Search companies',
    description:
      'One page of companies matching flat filters, their aliases, a raw filter or a criteria object (exactly one). Free; follow cursor with the same body. It changes nothing, so a request whose answer was lost may be sent again.',
    body: ref('CompanySearchBody'),
    response: ref('CompanySearchResponse'),
    errors: { 400: ['validation_error', 'invalid_cursor', 'invalid_criteria', 'empty_criteria'], 403: ['search_quota_exhausted'] },
    rows: 'results',
    pages: { in: 'body', size: SEARCH_LIMITS.companies.perResponse },
    idempotent: true,
  }),
  similar: endpoint({
    id: 'companies.similar',
    method: 'POST',
    path: '/search/companies/similar',
    kind: 'v2',
    scope: 'companies:read',
    summary: 'Companies like a seed',
    description: 'Companies similar to one seed company (by domain or id), with a similarity score. Free.',
    body: ref('SimilarCompaniesBody'),
    response: ref('SimilarCompaniesResponse'),
    errors: { 400: ['validation_error'], 404: ['not_found'] },
    rows: 'results',
    idempotent: true,
  }),
  filterValues: endpoint({
    id: 'companies.filterValues',
    method: 'GET',
    path: '/search/companies/filters',
    kind: 'v2',
    scope: 'companies:read',
    summary: 'Values of a company filter field matching a text',
    description: 'The values of one company filter field that contain a text, most common first. Free.',
    query: filterQuery(COMPANY_FILTER_FIELDS),
    response: ref('FilterValuesResponse'),
    errors: { 400: ['unknown_field', 'query_required'], 503: ['filters_unavailable'] },
    rows: 'values',
    idempotent: true,
  }),
};
