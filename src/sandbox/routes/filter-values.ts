import {
  COMPANY_FILTER_FIELDS,
  COMPANY_KEY_ALIASES,
  COMPANY_KEY_HINTS,
  FILTER_VALUES_MAX,
  PEOPLE_FILTER_FIELDS,
  PEOPLE_KEY_HINTS,
  type FilterValuesResponse,
} from '../../api/schemas/search.js';
import { closest, didYouMean } from '../../api/suggest.js';
import type { RouteDef } from '../router.js';
import { API } from '../../api/endpoints/index.js';
import type { RequestContext } from '../context.js';
import { publicError, validationError } from '../engine/errors.js';

/** GET /people/find/filters and GET /search/companies/filters: values of a filter field containing a text. */

const PATHS = { people: '/people/find/filters', companies: '/search/companies/filters' } as const;
const FIELDS = { people: PEOPLE_FILTER_FIELDS, companies: COMPANY_FILTER_FIELDS } as const;
/** Names that mean a field (the flat keys' hints and aliases), for suggestions. */
const HINTS = { people: PEOPLE_KEY_HINTS, companies: { ...COMPANY_KEY_HINTS, ...COMPANY_KEY_ALIASES } } as const;

function filterValues(kind: 'people' | 'companies') {
  return (ctx: RequestContext): FilterValuesResponse => {
    const allowed: readonly string[] = FIELDS[kind];
    const field = ctx.query.get('field');
    if (field === null || field.trim() === '')
      throw validationError([{ type: 'missing', loc: ['query', 'field'], msg: `Field required: one of ${allowed.join(', ')}` }]);
    if (!allowed.includes(field)) {
      const hinted = closest(field, allowed, HINTS[kind]);
      const suggestion = hinted !== undefined && allowed.includes(hinted) ? hinted : undefined;
      throw publicError(400, {
        code: 'unknown_field',
        problem: `Unknown filter field "${field}"${didYouMean(suggestion)}`,
        cause: `GET ${PATHS[kind]} looks up these fields: ${allowed.join(', ')}.`,
        fix: suggestion !== undefined ? `Send field=${suggestion}.` : 'Send one of details.allowed_fields as field.',
        retryable: false,
        details: { field, allowed_fields: allowed, ...(suggestion !== undefined ? { suggestion } : {}) },
      });
    }
    const query = ctx.query.get('query') ?? '';
    if (query.trim() === '')
      throw publicError(400, {
        code: 'query_required',
        problem: 'A filter-values lookup needs a query',
        cause: 'The query parameter is missing or blank.',
        fix: `Send query with some text of the value, e.g. ${PATHS[kind]}?field=${field}&query=eng.`,
        retryable: false,
      });
    const values = ctx.services.dataset
      .filterValues(kind, field, query.trim(), FILTER_VALUES_MAX)
      .map(({ value, count }) => ({ value, count }));
    return {
      field,
      query,
      values,
      timestamp_ms: ctx.clock.now(),
      ...(values.length === 0
        ? { usage: `No ${field} value contains "${query.trim()}". Try a shorter or different text (matching ignores case).` }
        : {}),
    };
  };
}

export const filterValuesRoutes: RouteDef[] = [
  { endpoint: API.people.filterValues, handler: filterValues('people') },
  { endpoint: API.companies.filterValues, handler: filterValues('companies') },
];
