/** Smart agents: types, prices and limits of the spec. */

import { DEFAULT_EXPORT_COLUMNS } from './export.js';
import { SYNC_LEAD_COLUMNS } from './sync.js';

export const AGENT_TYPES = ['custom_ai', 'cold_intro_email', 'title_normalizer', 'company_intel', 'pain_point_hypothesis'] as const;
export type AgentType = (typeof AGENT_TYPES)[number];

/** Credits per lead of the presets; custom_ai is priced from its prompt (customAiCost). */
export const AGENT_PRICES: Record<Exclude<AgentType, 'custom_ai'>, number> = {
  cold_intro_email: 3,
  title_normalizer: 1,
  company_intel: 1,
  pain_point_hypothesis: 1,
};

/** The built-in list column cold_intro_email writes its drafts to (its column_name is not used). */
export const COLD_EMAIL_COLUMN = 'email_draft';

/** The column a run writes: its column_name, or the built-in one for cold_intro_email. */
export const agentColumn = (b: { agent_type?: AgentType | undefined; column_name?: string | undefined }): string | undefined =>
  b.agent_type === 'cold_intro_email' ? COLD_EMAIL_COLUMN : b.column_name;

/**
 * Column names the exports and the sync read as the lead's own field (email, title, ...):
 * an agent column of one of these names could never be read back, so it is refused.
 */
export const LEAD_FIELD_COLUMNS: readonly string[] = [...new Set<string>([...DEFAULT_EXPORT_COLUMNS, ...SYNC_LEAD_COLUMNS])];

/**
 * What is wrong with a column_name (blank, too long, a lead field's name), or undefined when
 * it can be written and read back. The CLI's --column check and the service's 400 share it.
 */
export function columnNameProblem(name: string, label = 'column_name'): string | undefined {
  if (!name.trim()) return `${label} is blank: name the list column the output is written to`;
  const max = AGENT_LIMITS.columnName.max;
  if (name.length > max) return `${label} is at most ${max} characters, got ${name.length}`;
  if (LEAD_FIELD_COLUMNS.includes(name))
    return `${label} "${name}" is a lead field (${LEAD_FIELD_COLUMNS.join(', ')}): exports and syncs read the lead's own ${name} there, never this column. Choose another name`;
  return undefined;
}

export const LEAD_SCOPES = ['subset', 'all'] as const;
export type LeadScope = (typeof LEAD_SCOPES)[number];

export const AGENT_LIMITS = {
  /** A selection over this many leads is refused with 400 approval_required. */
  maxLeads: 500,
  maxRows: { min: 1, max: 10_000, default: 100 },
  columnName: { min: 1, max: 100 },
} as const;

/**
 * custom_ai's price (the spec leaves the formula to the service; this is the sandbox's,
 * documented): a prompt of T tokens (T = ceil(characters / 4)) costs 0.5 + T / 1000 credits
 * per lead, and the total over the rows is rounded up once to a whole credit.
 */
export function customAiCost(prompt: string, rows: number): number {
  const tokens = Math.ceil(prompt.length / 4);
  return Math.ceil((rows * (500 + tokens)) / 1000);
}

/** Run states: pending, processing, then completed or failed. Results fill in while processing. */
export const AGENT_RUN_STATUSES = ['pending', 'processing', 'completed', 'failed'] as const;
export type AgentRunStatus = (typeof AGENT_RUN_STATUSES)[number];

/** Page size of GET /smart-agents (most recent first). */
export const AGENT_RUNS_PAGE = { min: 1, max: 100, default: 20 } as const;

/** Run ids are agent-<uuid>. */
export const AGENT_RUN_PREFIX = 'agent-';
