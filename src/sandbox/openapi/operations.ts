import type * as z from 'zod/mini';
import { Identity } from '../../api/schemas/identity.js';
import { Balance } from '../../api/schemas/credits.js';
import { USAGE_DEFAULT_GROUP, USAGE_GROUPS, USAGE_LIMITS, Usage, V2KeyList } from '../../api/schemas/keys.js';
import type { GenericCode, PublicCode } from '../../api/schemas/errors.js';
import {
  CompileBody,
  CompileResponse,
  FilterValuesResponse,
  FindAtCompaniesBody,
  FindAtCompaniesStarted,
  FindAtCompaniesStatusResponse,
  PEOPLE_FILTER_FIELDS,
  PeopleFindBody,
  PeopleSearchResponse,
} from '../../api/schemas/search.js';
import {
  AddLeadsBody,
  AddLeadsResponse,
  CreateFolderBody,
  CreateListBody,
  CsvImportBody,
  CsvImportResponse,
  DeleteListResponse,
  FindPeopleBody,
  FindPeopleStarted,
  FindPeopleStatusResponse,
  Folder,
  LIST_LIMITS,
  LeadsPage,
  ListDetail,
  ListsPage,
  RemoveLeadsBody,
  RemoveLeadsResponse,
  UpdateListBody,
} from '../../api/schemas/lists.js';
import {
  BulkEnrichBody,
  BulkEnrichStarted,
  ByTaskEnrichBody,
  ByTaskEnrichResponse,
  CompanyEnrichBody,
  CompanyEnrichResponse,
  EnrichmentStatusResponse,
  PersonEnrichBody,
  PersonEnrichStarted,
} from '../../api/schemas/enrichment.js';
import { AGENT_RUNS_PAGE, SmartAgentResults, SmartAgentRunBody, SmartAgentRunStarted, SmartAgentRunsPage } from '../../api/schemas/agents.js';
import { CsvExportBody, CsvExportLink, EXPORT_LIMITS, JsonExportPage } from '../../api/schemas/export.js';
import {
  LEGACY_BULK_LIMITS,
  LegacyBulkBody,
  LegacyBulkStarted,
  LegacyTaskStatus,
  LegacyWorkflowStatus,
  WEBHOOK_DELIVERIES_LIMITS,
  WEBHOOK_EVENT,
  WebhookDeliveries,
  WebhookPayload,
} from '../../api/schemas/legacy.js';
import type { HttpMethod } from '../router.js';

/**
 * The operations the published documents describe, in the spec's order. Method, path and
 * scope are the sandbox route's own (the document builder looks the route up); this table
 * adds what a reader needs: names, the body and answer schemas, query parameters with their
 * limits, and the error codes an operation answers beyond those every call may get.
 */

export type ErrorCode = PublicCode | GenericCode;

export interface QueryParam {
  name: string;
  description: string;
  required?: boolean;
  schema: Record<string, unknown>;
  /** Repeated once per value (?columns=a&columns=b). */
  repeated?: boolean;
}

export interface OperationDoc {
  method: HttpMethod;
  /** The route's path as the sandbox router writes it (`:name` parameters). */
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  tag: string;
  query?: QueryParam[];
  body?: z.ZodMiniType;
  /** One schema, or several the answer is one of. */
  response?: z.ZodMiniType | z.ZodMiniType[];
  /** 200 unless given. */
  status?: 200 | 201 | 202;
  /** When a 201 operation may also answer 200 (same schema): why. */
  also200?: string;
  errors?: Partial<Record<number, readonly ErrorCode[]>>;
}

export interface DocumentSpec {
  title: string;
  /** The route kind whose mount the document's server is. */
  kind: 'v2' | 'v1only';
  description: string;
  tags: { name: string; description: string }[];
  operations: OperationDoc[];
  webhooks?: { name: string; summary: string; description: string; payload: z.ZodMiniType }[];
}

const limitParam = (name: string, l: { min: number; max: number; default: number }, what: string): QueryParam => ({
  name,
  description: `${what} (${l.min} to ${l.max}, default ${l.default}).`,
  schema: { type: 'integer', minimum: l.min, maximum: l.max, default: l.default },
});
const textParam = (name: string, description: string, required = false): QueryParam => ({
  name,
  description,
  ...(required ? { required } : {}),
  schema: { type: 'string' },
});
const cursorParam = textParam('cursor', 'Opaque cursor from the previous page; omit for the first page.');

/** Refusals of a paid call's quote and balance. */
const QUOTE_ERRORS = ['quote_required', 'quote_invalid', 'quote_expired', 'quote_mismatch', 'spend_cap_exceeded', 'insufficient_credits'] as const;
const QUOTE_UNCONFIRMED = ['quote_verification_unavailable', 'dispatch_outcome_unknown'] as const;

const TAGS = {
  identity: 'Identity and credits',
  search: 'Search',
  lists: 'Lead lists',
  enrichment: 'Enrichment',
  agents: 'Smart agents',
  export: 'Export',
} as const;

export const V2_SPEC: DocumentSpec = {
  title: 'Lead enrichment and prospecting API (v2)',
  kind: 'v2',
  description:
    'The current API. Every operation checks exactly one scope (none for whoami), named in its security requirement and x-scope. ' +
    'The same operations answer under /api/v1/public. Status polls and reads are free; paid bulk operations need a quote from ' +
    'POST /credits/estimate (live, not part of this document, like company search and sync).',
  tags: [
    { name: TAGS.identity, description: 'Who the credential is, the organization balance, API keys and usage.' },
    { name: TAGS.search, description: 'People search (free), filter values, criteria compile, find-at-companies jobs.' },
    { name: TAGS.lists, description: 'Lead lists, their leads, CSV import and find-people jobs.' },
    { name: TAGS.enrichment, description: 'Person, company, cohort and list enrichment (pay-for-results), and status polls.' },
    { name: TAGS.agents, description: 'One AI instruction run once per lead of a list.' },
    { name: TAGS.export, description: 'A list as a signed-URL CSV or as paged JSON.' },
  ],
  operations: [
    { method: 'GET', path: '/whoami', operationId: 'getWhoami', summary: 'Identity of the credential', tag: TAGS.identity, response: Identity },
    { method: 'GET', path: '/credits/balance', operationId: 'getCreditBalance', summary: 'Credit balance of the organization', tag: TAGS.identity, response: Balance },
    { method: 'GET', path: '/api-keys', operationId: 'listApiKeys', summary: "API keys of the token's organization", tag: TAGS.identity, response: V2KeyList },
    {
      method: 'GET',
      path: '/usage',
      operationId: 'getUsage',
      summary: 'Calls, credits and errors over a window',
      tag: TAGS.identity,
      query: [
        limitParam('days', USAGE_LIMITS.days, 'Days back from now'),
        { name: 'group_by', description: 'How rows are grouped.', schema: { type: 'string', enum: [...USAGE_GROUPS], default: USAGE_DEFAULT_GROUP } },
      ],
      response: Usage,
    },
    {
      method: 'GET',
      path: '/people/find/filters',
      operationId: 'getPeopleFilterValues',
      summary: 'Values of a people filter field matching a text',
      tag: TAGS.search,
      query: [
        { name: 'field', description: 'The filter field.', required: true, schema: { type: 'string', enum: [...PEOPLE_FILTER_FIELDS] } },
        textParam('query', 'Text the values contain (case-insensitive); blank gives 400 query_required.', true),
      ],
      response: FilterValuesResponse,
      errors: { 400: ['unknown_field', 'query_required'], 503: ['filters_unavailable'] },
    },
    {
      method: 'POST',
      path: '/people/find',
      operationId: 'findPeople',
      summary: 'Search people by flat filters or criteria',
      description: 'Free; each page counts as one search toward the daily cap. Follow cursor with the same filters until it is null.',
      tag: TAGS.search,
      body: PeopleFindBody,
      response: PeopleSearchResponse,
      errors: {
        400: ['validation_error', 'invalid_cursor', 'invalid_criteria', 'empty_criteria', 'unsupported_exclusions', 'crm_not_connected'],
        403: ['search_quota_exhausted', 'feature_gated'],
        404: ['not_found'],
      },
    },
    {
      method: 'POST',
      path: '/people/find/compile',
      operationId: 'compilePeopleCriteria',
      summary: 'Compile criteria to raw filters',
      tag: TAGS.search,
      body: CompileBody,
      response: CompileResponse,
      errors: { 400: ['invalid_criteria', 'empty_criteria', 'unsupported_exclusions', 'crm_not_connected'], 403: ['feature_gated'], 404: ['not_found'] },
    },
    {
      method: 'POST',
      path: '/people/find-at-companies',
      operationId: 'startFindAtCompanies',
      summary: 'Start a search for people at matching companies',
      tag: TAGS.search,
      body: FindAtCompaniesBody,
      response: FindAtCompaniesStarted,
      errors: { 400: ['validation_error', 'invalid_cursor'] },
    },
    {
      method: 'GET',
      path: '/people/find-at-companies/status/:task_id',
      operationId: 'getFindAtCompaniesStatus',
      summary: 'Poll a find-at-companies job',
      tag: TAGS.search,
      response: FindAtCompaniesStatusResponse,
      errors: { 404: ['task_not_found'] },
    },
    {
      method: 'POST',
      path: '/lead-lists',
      operationId: 'createLeadList',
      summary: 'Create a private list (idempotent on name)',
      description: 'Answers 201 with a new list, or 200 with reused true when you already own a list of that name (any case).',
      tag: TAGS.lists,
      body: CreateListBody,
      response: ListDetail,
      status: 201,
      also200: 'Reused: you already own a list of that name (reused true).',
      errors: { 403: ['list_cap_reached'], 404: ['folder_not_found'] },
    },
    {
      method: 'GET',
      path: '/lead-lists',
      operationId: 'listLeadLists',
      summary: 'Lists you own, your organization’s and those shared with you',
      tag: TAGS.lists,
      query: [limitParam('limit', LIST_LIMITS.listsPage, 'Page size'), cursorParam, textParam('folder_id', 'Only lists in this folder.')],
      response: ListsPage,
      errors: { 400: ['invalid_cursor'] },
    },
    { method: 'GET', path: '/lead-lists/:list_id', operationId: 'getLeadList', summary: 'A list', tag: TAGS.lists, response: ListDetail, errors: { 404: ['list_not_found'] } },
    {
      method: 'PATCH',
      path: '/lead-lists/:list_id',
      operationId: 'updateLeadList',
      summary: 'Rename, describe or move a list',
      description: 'Only present fields change; null description clears, null folder_id removes the list from its folder. Send at least one field.',
      tag: TAGS.lists,
      body: UpdateListBody,
      response: ListDetail,
      errors: { 403: ['list_not_editable', 'list_protected'], 404: ['list_not_found', 'folder_not_found'] },
    },
    {
      method: 'DELETE',
      path: '/lead-lists/:list_id',
      operationId: 'deleteLeadList',
      summary: 'Delete a list (its lead records stay)',
      tag: TAGS.lists,
      response: DeleteListResponse,
      errors: { 403: ['list_protected'], 404: ['list_not_found'] },
    },
    {
      method: 'GET',
      path: '/lead-lists/:list_id/leads',
      operationId: 'listLeads',
      summary: 'A page of the leads of a list',
      tag: TAGS.lists,
      query: [limitParam('limit', LIST_LIMITS.leadsPage, 'Page size'), cursorParam],
      response: LeadsPage,
      errors: { 400: ['invalid_cursor'], 404: ['list_not_found'] },
    },
    {
      method: 'POST',
      path: '/lead-lists/:list_id/leads',
      operationId: 'addLeads',
      summary: 'Add leads by cohort or by lead id',
      description: 'Exactly one of task_id (with optional entity_ids) or lead_ids; both or neither is a 422. Free.',
      tag: TAGS.lists,
      body: AddLeadsBody,
      response: AddLeadsResponse,
      errors: { 403: ['lead_cap_reached', 'list_not_editable'], 404: ['list_not_found', 'task_not_found', 'not_found'], 409: ['search_result_conflict'] },
    },
    {
      method: 'DELETE',
      path: '/lead-lists/:list_id/leads',
      operationId: 'removeLeads',
      summary: 'Remove leads from a list (membership only)',
      tag: TAGS.lists,
      body: RemoveLeadsBody,
      response: RemoveLeadsResponse,
      errors: { 403: ['list_not_editable'], 404: ['list_not_found'] },
    },
    {
      method: 'POST',
      path: '/lead-lists/:list_id/csv-import',
      operationId: 'importCsv',
      summary: 'Import a CSV into a list, optionally dispatching enrichment',
      description: 'Import is free; a dispatched enrichment is billed per lead (quote tool bulk_import_csv) and also needs enrich:write.',
      tag: TAGS.lists,
      body: CsvImportBody,
      response: CsvImportResponse,
      status: 201,
      errors: {
        400: ['validation_error', ...QUOTE_ERRORS],
        403: ['list_not_editable', 'lead_cap_reached'],
        404: ['list_not_found'],
        409: ['conflict', 'idempotency_conflict'],
        413: ['validation_error'],
        503: ['not_enabled', ...QUOTE_UNCONFIRMED],
      },
    },
    {
      method: 'POST',
      path: '/lead-lists/:list_id/find-people',
      operationId: 'startFindPeople',
      summary: 'Find people at the companies of a list and import them',
      tag: TAGS.lists,
      body: FindPeopleBody,
      response: FindPeopleStarted,
      errors: { 400: ['validation_error'], 402: ['insufficient_credits'], 403: ['feature_gated', 'lead_cap_reached', 'list_not_editable'], 404: ['list_not_found'] },
    },
    {
      method: 'GET',
      path: '/lead-lists/:list_id/find-people/status/:workflow_id',
      operationId: 'getFindPeopleStatus',
      summary: 'Poll a find-people job',
      tag: TAGS.lists,
      response: FindPeopleStatusResponse,
      errors: { 404: ['list_not_found', 'not_found'] },
    },
    {
      method: 'POST',
      path: '/enrichment/person',
      operationId: 'enrichPerson',
      summary: 'Enrich one person (async)',
      description: 'Send a strong identifier (email, linkedin_url, person_id) or first_name, last_name and company_name or domain.',
      tag: TAGS.enrichment,
      body: PersonEnrichBody,
      response: PersonEnrichStarted,
      errors: { 400: [...QUOTE_ERRORS, 'quote_already_redeemed'], 404: ['list_not_found'], 503: QUOTE_UNCONFIRMED },
    },
    {
      method: 'POST',
      path: '/enrichment/company',
      operationId: 'enrichCompany',
      summary: 'Enrich one company (sync, 1 credit)',
      tag: TAGS.enrichment,
      body: CompanyEnrichBody,
      response: CompanyEnrichResponse,
      errors: { 400: [...QUOTE_ERRORS, 'quote_already_redeemed'], 404: ['not_found'], 502: ['provider_error'], 503: ['quote_verification_unavailable'] },
    },
    {
      method: 'POST',
      path: '/enrichment/by-task',
      operationId: 'enrichByTask',
      summary: 'Enrich a cohort (person async, company sync)',
      tag: TAGS.enrichment,
      body: ByTaskEnrichBody,
      response: ByTaskEnrichResponse,
      errors: { 400: ['validation_error', ...QUOTE_ERRORS, 'quote_already_redeemed'], 404: ['task_not_found', 'list_not_found'], 503: QUOTE_UNCONFIRMED },
    },
    {
      method: 'POST',
      path: '/enrichment/bulk',
      operationId: 'enrichList',
      summary: 'Enrich every lead of a list, or a subset (async)',
      tag: TAGS.enrichment,
      body: BulkEnrichBody,
      response: BulkEnrichStarted,
      errors: {
        400: ['validation_error', ...QUOTE_ERRORS, 'quote_already_redeemed'],
        403: ['feature_gated'],
        404: ['list_not_found'],
        409: ['conflict'],
        503: QUOTE_UNCONFIRMED,
      },
    },
    {
      method: 'GET',
      path: '/enrichment/status/:workflow_id',
      operationId: 'getEnrichmentStatus',
      summary: 'Poll an enrichment workflow (workflow id or cohort handle)',
      tag: TAGS.enrichment,
      response: EnrichmentStatusResponse,
      errors: { 404: ['not_found', 'task_not_found'] },
    },
    {
      method: 'POST',
      path: '/smart-agents/run',
      operationId: 'runSmartAgent',
      summary: 'Run a smart agent over the leads of a list',
      tag: TAGS.agents,
      body: SmartAgentRunBody,
      response: SmartAgentRunStarted,
      errors: {
        400: ['validation_error', 'approval_required', ...QUOTE_ERRORS],
        403: ['list_not_editable'],
        404: ['list_not_found'],
        409: ['quote_already_redeemed'],
        501: ['feature_not_available'],
      },
    },
    {
      method: 'GET',
      path: '/smart-agents',
      operationId: 'listSmartAgentRuns',
      summary: 'Smart agent runs, most recent first',
      tag: TAGS.agents,
      query: [textParam('list_id', 'Only runs over this list.'), limitParam('limit', AGENT_RUNS_PAGE, 'How many runs')],
      response: SmartAgentRunsPage,
    },
    {
      method: 'GET',
      path: '/smart-agents/:smart_agent_task_id',
      operationId: 'getSmartAgentResults',
      summary: 'Results of a run (partial while processing)',
      tag: TAGS.agents,
      response: SmartAgentResults,
      errors: { 404: ['not_found'] },
    },
    {
      method: 'POST',
      path: '/export/csv/signed-url',
      operationId: 'exportCsvSignedUrl',
      summary: 'A signed download link to a CSV of a list',
      tag: TAGS.export,
      body: CsvExportBody,
      response: CsvExportLink,
      errors: { 404: ['list_not_found'], 502: ['internal_error'] },
    },
    {
      method: 'GET',
      path: '/export/json',
      operationId: 'exportJson',
      summary: 'A page of a list as JSON',
      tag: TAGS.export,
      query: [
        textParam('list_id', 'The list to export.', true),
        limitParam('limit', EXPORT_LIMITS.jsonPage, 'Page size'),
        cursorParam,
        {
          name: 'columns',
          description: 'Columns in order, the parameter repeated once per column; default lead_id, first_name, ... location.',
          repeated: true,
          schema: { type: 'array', maxItems: EXPORT_LIMITS.columns.max, items: { type: 'string', maxLength: EXPORT_LIMITS.columnName.max } },
        },
      ],
      response: JsonExportPage,
      errors: { 400: ['invalid_cursor'], 404: ['list_not_found'], 502: ['internal_error'] },
    },
  ],
};

const V1_TAGS = { auth: 'Authentication', enrich: 'Enrichment', webhooks: 'Webhooks', folders: 'Folders' } as const;

export const V1_SPEC: DocumentSpec = {
  title: 'Lead enrichment and prospecting API (v1 legacy)',
  kind: 'v1only',
  description:
    'The five v1-only operations: legacy, supported and frozen. They check no scope. Every v2 operation also answers under ' +
    '/api/v1/public (see /openapi-public-v2.json). v1 errors use the generic shape (uppercase code); a 422 uses the validation shape.',
  tags: [
    { name: V1_TAGS.auth, description: 'Check a key (v2: GET /whoami).' },
    { name: V1_TAGS.enrich, description: 'Bulk person enrichment with an optional webhook (v2: POST /enrichment/bulk).' },
    { name: V1_TAGS.webhooks, description: 'The delivery log of a run’s webhook.' },
    { name: V1_TAGS.folders, description: 'Lead-list folders.' },
  ],
  operations: [
    { method: 'GET', path: '/auth/validate-key', operationId: 'validateKey', summary: 'Check a key', tag: V1_TAGS.auth },
    {
      method: 'POST',
      path: '/enrich/bulk',
      operationId: 'enrichBulkV1',
      summary: `Enrich ${LEGACY_BULK_LIMITS.contacts.min} to ${LEGACY_BULK_LIMITS.contacts.max} contacts`,
      description: `With webhook_url, the ${WEBHOOK_EVENT} event is posted there when the run ends. Contacts go to the protected Extension Leads list.`,
      tag: V1_TAGS.enrich,
      body: LegacyBulkBody,
      response: LegacyBulkStarted,
      errors: { 400: ['BAD_REQUEST'], 402: ['INSUFFICIENT_CREDITS'] },
    },
    {
      method: 'GET',
      path: '/enrich/status',
      operationId: 'getEnrichStatusV1',
      summary: 'Status of a run or of one contact',
      description: 'Send exactly one of workflow_id or task_id (both or neither is a 400).',
      tag: V1_TAGS.enrich,
      query: [textParam('workflow_id', 'The run (public_bulk_...).'), textParam('task_id', 'One contact of a run.')],
      response: [LegacyWorkflowStatus, LegacyTaskStatus],
      errors: { 400: ['BAD_REQUEST'], 403: ['PERMISSION_DENIED'], 404: ['RESOURCE_NOT_FOUND'] },
    },
    {
      method: 'GET',
      path: '/webhooks/deliveries',
      operationId: 'listWebhookDeliveries',
      summary: 'Webhook delivery attempts of a run, newest first',
      tag: V1_TAGS.webhooks,
      query: [textParam('workflow_id', 'The run.', true), limitParam('limit', WEBHOOK_DELIVERIES_LIMITS.limit, 'How many attempts')],
      response: WebhookDeliveries,
      errors: { 404: ['RESOURCE_NOT_FOUND'] },
    },
    {
      method: 'POST',
      path: '/folders',
      operationId: 'createFolder',
      summary: 'Create a lead-list folder',
      description: 'parent_id must be the UUID of one of your folders (not a UUID: 400; unknown: 404).',
      tag: V1_TAGS.folders,
      body: CreateFolderBody,
      response: Folder,
      status: 201,
      errors: { 400: ['BAD_REQUEST'], 404: ['RESOURCE_NOT_FOUND'], 422: ['validation_error'] },
    },
  ],
  webhooks: [
    {
      name: WEBHOOK_EVENT,
      summary: 'A bulk run ended',
      description: 'POSTed to the run’s webhook_url: 10 s per attempt, up to 5 attempts, any 2xx is success, redirects are not followed.',
      payload: WebhookPayload,
    },
  ],
};
