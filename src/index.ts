/**
 * The prospect SDK: `import { Prospect } from 'prospect-cli'`. One client with a resource
 * per area (client.people, client.lists, client.enrichment, ...), paged calls that are both
 * awaitable and async-iterable, paid calls that estimate and ask before they spend, and
 * typed errors per family. The CLI is built on the same core client.
 *
 * @packageDocumentation
 */

// The client and its resources.
export { Prospect } from './sdk/prospect.js';
export type { ProspectOptions } from './sdk/prospect.js';
export type { People, PeopleSearchParams, PeopleSearchOptions, CompileParams } from './sdk/resources/people.js';
export type { Companies, CompanySearchParams } from './sdk/resources/companies.js';
export type { Lists, CsvContent, CsvImportFields, CsvImportParams, CsvImportEnrichParams } from './sdk/resources/lists.js';
export type { ListsQuery, LeadsQuery } from './api/resources/lists.js';
export type {
  CsvImportResult,
  CsvImportEnrichment,
  CsvImportPlan,
  CsvImportOptions,
  ConfirmCsvImportSpend,
  CsvSkipReason,
} from './sdk/csv-import.js';
export type {
  Enrichment,
  PersonEnrichParams,
  CompanyEnrichParams,
  ByTaskEnrichParams,
  BulkEnrichParams,
} from './sdk/resources/enrichment.js';
export type {
  BulkEnrichOptions,
  BulkEnrichResult,
  BulkEnrichPlan,
  ConfirmListSpend,
  SkippedLeads,
  SkipReason,
  LeadCheck,
} from './sdk/list-enrichment.js';
export type { Agents, SmartAgentRunParams } from './sdk/resources/agents.js';
export type { SmartAgentRunsQuery } from './api/resources/agents.js';
export type { Sync, CrmSyncParams, SequencerSyncParams } from './sdk/resources/sync.js';
export type { Exports } from './api/resources/export.js';
export type { Credits } from './api/resources/credits.js';
export type { Keys } from './api/resources/keys.js';
export type { Usage, UsageQuery } from './api/resources/usage.js';
export type { Legacy, LegacySpendApproval } from './sdk/resources/legacy.js';
export type { CallOptions, WaitOptions } from './api/resource.js';
export type { PagePromise } from './api/paginate.js';
export type { TraceEvent, RateLimitInfo } from './api/client.js';
export { SDK_VERSION } from './api/version.js';

// Paid calls.
export { SpendDeclinedError } from './sdk/paid.js';
export type { PaidOptions, SpendApproval, ConfirmSpend, SpendQuote, DeclineReason, PayAgainOption } from './sdk/paid.js';
export { PaidCallAbortedError } from './sdk/aborted.js';
export { EarlierRunUnknownError } from './workflows/journal/resolve-earlier.js';
export { JoinedRunUnknown } from './workflows/journal/send-once.js';
export type { PaidRunJournalOption } from './sdk/journal.js';

// Errors.
export {
  ApiError,
  AuthenticationError,
  PermissionError,
  NotFoundError,
  CreditsError,
  RateLimitError,
  ConflictError,
  ValidationError,
  ServerError,
  ConnectionError,
  ConfigurationError,
  isApiError,
} from './api/errors.js';
export type { ApiErrorFields, ErrorFamily, ValidationIssue } from './api/errors.js';
export { MalformedQuoteError, ChargeAboveQuoteError } from './workflows/spend-verdict.js';
export { RunInProgressError } from './workflows/agents/run-going.js';
export { LostResponseError } from './api/paid-call.js';
export type { LostReason } from './api/paid-call.js';
export { PollTimeoutError } from './api/poll.js';
export { SearchPageCapError } from './workflows/search/page-cap.js';

// Search filters.
export type {
  PeopleFilters,
  CompanyFilters,
  PersonCriteria,
  CompanyCriteria,
  CompanyRawFilter,
  HeadcountBandInput,
  CountryIso3,
  SortField,
  SortDirection,
  JobTitleMatchType,
} from './sdk/filters.js';
export type {
  Seniority,
  ManagementLevel,
  Department,
  JobFunction,
  HeadcountBand,
  PeopleFilterField,
  CompanyFilterField,
  CompanyColumnLabel,
  PersonGroupFilter,
  PersonFilterCondition,
  CompanyCondition,
  GroupOp,
  EntityKind,
} from './api/schemas/values/search.js';

// Request and response types.
export type { Identity, KeyValidation } from './api/schemas/identity.js';
export type { Scope, Tier, Plan } from './api/schemas/values/auth.js';
export type {
  Balance,
  EstimateBody,
  Quote,
  Tool,
  EnrichmentType,
  ListScope,
  PersonDataPoint,
  CompanyDataPoint,
} from './api/schemas/credits.js';
export type {
  PeopleSearchResponse,
  PersonSearchRow,
  CompileResponse,
  FilterValuesResponse,
  FindAtCompaniesBody,
  FindAtCompaniesStarted,
  FindAtCompaniesStatusResponse,
  CompanySearchResponse,
  CompanySearchRow,
  CompanyRecord,
  SimilarCompaniesBody,
  SimilarCompaniesResponse,
} from './api/schemas/search.js';
export type {
  CreateListBody,
  UpdateListBody,
  AddLeadsBody,
  FindPeopleBody,
  CreateFolderBody,
  ListDetail,
  ListSummary,
  ListsPage,
  LeadRow,
  LeadsPage,
  AddLeadsResponse,
  RemoveLeadsResponse,
  DeleteListResponse,
  CsvImportResponse,
  FindPeopleStarted,
  FindPeopleStatusResponse,
  Folder,
  CanonicalField,
} from './api/schemas/lists.js';
export type {
  PersonEnrichBody,
  CompanyEnrichBody,
  ByTaskEnrichBody,
  BulkEnrichBody,
  PersonEnrichStarted,
  CompanyEnrichResponse,
  ByTaskEnrichResponse,
  ByTaskEntityResult,
  BulkEnrichStarted,
  EnrichmentStatusResponse,
  EnrichmentStatus,
} from './api/schemas/enrichment.js';
export type {
  SmartAgentRunBody,
  SmartAgentRunStarted,
  SmartAgentRunsPage,
  SmartAgentRun,
  SmartAgentResults,
  SmartAgentResultRow,
  AgentType,
  LeadScope,
} from './api/schemas/agents.js';
export type {
  CrmSyncBody,
  SequencerSyncBody,
  SyncPreviewBody,
  SyncResult,
  SyncPreview,
  SequencerCampaigns,
  SequencerCampaign,
  DestinationConnections,
  DestinationConnection,
  FieldMapping,
  CrmProvider,
  SequencerProvider,
  Destination,
} from './api/schemas/sync.js';
export type { CsvExportBody, CsvExportLink, JsonExportQuery, JsonExportPage, ExportRow } from './api/schemas/export.js';
export type { DownloadOptions, DownloadResult } from './api/download.js';
export type {
  CreateKeyBody,
  CreatedKey,
  ManagedKey,
  RevokeAllResult,
  KeyRequestRow,
  Usage as UsageReport,
  UsageRow,
  UsageGroup,
} from './api/schemas/keys.js';
export type {
  LegacyBulkBody,
  LegacyContact,
  LegacyBulkStarted,
  LegacyWorkflowStatus,
  LegacyTaskStatus,
  WebhookDelivery,
  WebhookPayload,
} from './api/schemas/legacy.js';

// The schemas of the request bodies, for checking input before sending it, and the fixed value lists.
export * as schemas from './sdk/schemas.js';
export * as values from './sdk/values.js';
