/**
 * The fixed values of the service, as lists: what the string-union types of the SDK allow
 * (`Seniority` is one of `SENIORITY_LEVELS`, ...), to build a picker or check input at run time.
 */
export {
  PEOPLE_FLAT_KEYS,
  COMPANY_FLAT_KEYS,
  SENIORITY_LEVELS,
  MANAGEMENT_LEVELS,
  DEPARTMENTS,
  JOB_FUNCTIONS,
  HEADCOUNT_BANDS,
} from '../api/schemas/values/search.js';
export {
  PEOPLE_FILTER_FIELDS,
  COMPANY_FILTER_FIELDS,
  COMPANY_COLUMNS,
  COUNTRY_ISO3,
  ENTITY_KINDS,
  GROUP_OPS,
} from '../api/schemas/values/search.js';
export { JOB_TITLE_MATCH_TYPES, SORT_FIELDS, SORT_DIRECTIONS } from '../api/schemas/values/search.js';
export { SCOPES, TIERS } from '../api/schemas/values/auth.js';
export { TOOLS, ENRICHMENT_TYPES, LIST_SCOPES, PERSON_DATA_POINTS, COMPANY_DATA_POINTS } from '../api/schemas/values/credits.js';
export { ENRICHMENT_STATUSES } from '../api/schemas/values/enrichment.js';
export { AGENT_TYPES, LEAD_SCOPES } from '../api/schemas/values/agents.js';
export { CRM_PROVIDERS, SEQUENCER_PROVIDERS, DESTINATIONS } from '../api/schemas/values/sync.js';
export { USAGE_GROUPS } from '../api/schemas/values/keys.js';
export { CANONICAL_FIELDS } from '../api/schemas/values/lists.js';
