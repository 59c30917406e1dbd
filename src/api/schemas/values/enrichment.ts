/** Enrichment workflows: states, prefixes and timing shared by the SDK, the CLI and the sandbox. */

/** Non-terminal: pending, processing. Terminal: the rest (canceled and terminated end single-record runs only). */
export const ENRICHMENT_STATUSES = [
  'pending',
  'processing',
  'completed',
  'completed_with_errors',
  'failed',
  'canceled',
  'terminated',
] as const;
export type EnrichmentStatus = (typeof ENRICHMENT_STATUSES)[number];
export const ENRICHMENT_TERMINAL_STATUSES = ['completed', 'completed_with_errors', 'failed', 'canceled', 'terminated'] as const;
export type EnrichmentTerminalStatus = (typeof ENRICHMENT_TERMINAL_STATUSES)[number];

/** Person and by-task runs are enrich-...; list (bulk) runs and CSV-import dispatches bulk-enrich-... */
export const PERSON_WORKFLOW_PREFIX = 'enrich-';
export const BULK_WORKFLOW_PREFIX = 'bulk-enrich-';

/** Entity states in a by-task response (person cohorts start queued; company cohorts answer at once). */
export const BY_TASK_ENTITY_STATUSES = ['queued', 'completed', 'failed'] as const;

/** What a single-person result says was found. */
export const PERSON_RESULT_STATUSES = ['found', 'partial', 'not_found'] as const;
export type PersonResultStatus = (typeof PERSON_RESULT_STATUSES)[number];

export const EMAIL_STATUSES = ['verified', 'catch_all'] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

/** The per-user list by-task person results go to when no lead_list_id is given. */
export const MCP_RESULTS_LIST = 'MCP Results';
/** The protected list v1 bulk enrichment attaches contacts to. */
export const EXTENSION_LEADS_LIST = 'Extension Leads';
