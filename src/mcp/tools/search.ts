import { API } from '../../api/endpoints/index.js';
import type { ToolSpec } from '../tool.js';

const PAGING = 'Answers one page; the answer says the cursor to pass for the next one. Free.';

export const searchTools: ToolSpec[] = [
  {
    name: 'people_search',
    title: 'Search people',
    entry: API.people.search,
    toolset: 'read',
    readOnly: true,
    rows: 'results',
    note: `${PAGING} Rows carry no email or phone: enrich them (enrich_cohort with the answer's task_id, or save them to a list with lists_add_leads and enrich_list). Look filter values up with people_filter_values.`,
  },
  { name: 'people_filter_values', title: 'People filter values', entry: API.people.filterValues, toolset: 'read', rows: 'values' },
  { name: 'people_compile', title: 'Compile people criteria', entry: API.people.compile, toolset: 'read', readOnly: true },
  { name: 'companies_search', title: 'Search companies', entry: API.companies.search, toolset: 'read', readOnly: true, rows: 'results', note: PAGING },
  { name: 'companies_filter_values', title: 'Company filter values', entry: API.companies.filterValues, toolset: 'read', rows: 'values' },
  { name: 'companies_similar', title: 'Similar companies', entry: API.companies.similar, toolset: 'read', readOnly: true, rows: 'results' },
];
