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
export { getBalance, estimate } from './api/resources/credits.js';
export { enrichPerson, enrichCompany, enrichByTask, enrichBulk, enrichmentStatus, waitForEnrichment } from './api/resources/enrichment.js';
export { legacyBulkEnrich, legacyWorkflowStatus, legacyTaskStatus, waitForLegacyWorkflow, webhookDeliveries } from './api/resources/legacy.js';
export { runSmartAgent, listSmartAgentRuns, smartAgentResults, waitForSmartAgent } from './api/resources/agents.js';
export type { SmartAgentRunsQuery } from './api/resources/agents.js';
export { syncToCrm, syncToSequencer, previewSync, sequencerCampaigns, destinationConnections, isWholePushFailure } from './api/resources/sync.js';
export { sendPaid, LostResponseError } from './api/paid-call.js';
export type { Redemption, PaidCallRules } from './api/paid-call.js';
export { estimateBodyFor, quoteShape, byTaskTool, personEnrichmentType } from './api/quote-shape.js';
export type { PaidRun } from './api/quote-shape.js';
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
export { createCsvExportLink, downloadCsvExport, exportJsonPage, exportJsonPages } from './api/resources/export.js';
export { downloadTo } from './api/download.js';
export type { DownloadOptions, DownloadResult } from './api/download.js';
export { checkPeopleFilters, checkCompanyFilters, checkPersonCriteria, checkCompanyCriteria, checkPersonFilter } from './api/search-check.js';
export type { FilterProblem, CriteriaProblem } from './api/search-check.js';
export * from './api/schemas/auth.js';
export * from './api/schemas/errors.js';
export * from './api/schemas/identity.js';
export * from './api/schemas/credits.js';
export * from './api/schemas/limits.js';
export * from './api/schemas/search.js';
export * from './api/schemas/lists.js';
export * from './api/schemas/enrichment.js';
export * from './api/schemas/legacy.js';
export * from './api/schemas/agents.js';
export * from './api/schemas/sync.js';
export * from './api/schemas/export.js';
export type { Envelope } from './api/schemas/envelope.js';
