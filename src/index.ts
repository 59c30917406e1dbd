/** The prospect SDK: the typed client the CLI is built on. */
export { Client, checkBaseUrl, PREFIXES } from './api/client.js';
export { SDK_VERSION } from './api/version.js';
export type { ClientOptions, RequestOptions, ApiResponse, TraceEvent, Prefix } from './api/client.js';
export { ApiError, ConfigurationError, isApiError, errorFromResponse, parseRetryAfter } from './api/errors.js';
export { pages, items, pageOf } from './api/paginate.js';
export type { CursorPageResult, PageFetcher } from './api/paginate.js';
export { waitForWorkflow, isTerminalStatus, isFailedStatus, TERMINAL_STATUSES, PollTimeoutError } from './api/poll.js';
export { DEFAULT_RETRY_POLICY, decideRetry, backoffMs } from './api/retry.js';
export type { RetryPolicy } from './api/retry.js';
export { maskSecret } from './api/redact.js';
export { getIdentity, validateKey } from './api/resources/whoami.js';
export { getBalance } from './api/resources/credits.js';
export {
  searchPeople,
  searchPeoplePages,
  compileCriteria,
  filterValues,
  searchCompanies,
  searchCompaniesPages,
  similarCompanies,
  startFindAtCompanies,
  findAtCompaniesStatus,
  waitForFindAtCompanies,
} from './api/resources/search.js';
export {
  createList,
  listLists,
  listListsPages,
  getList,
  updateList,
  deleteList,
  listLeads,
  listLeadsPages,
  addLeads,
  removeLeads,
  importCsv,
  startFindPeople,
  findPeopleStatus,
  waitForFindPeople,
  createFolder,
} from './api/resources/lists.js';
export type { ListsQuery, LeadsQuery } from './api/resources/lists.js';
export { checkPeopleFilters, checkCompanyFilters, checkPersonCriteria, checkCompanyCriteria, checkPersonFilter } from './api/search-check.js';
export type { FilterProblem, CriteriaProblem } from './api/search-check.js';
export * from './api/schemas/auth.js';
export * from './api/schemas/errors.js';
export * from './api/schemas/identity.js';
export * from './api/schemas/credits.js';
export * from './api/schemas/limits.js';
export * from './api/schemas/search.js';
export * from './api/schemas/lists.js';
export type { Envelope } from './api/schemas/envelope.js';
