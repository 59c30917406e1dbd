import * as z from 'zod/mini';
import { envelopeFields } from './envelope.js';
import { AGENT_RUN_STATUSES, AGENT_TYPES, LEAD_SCOPES } from './values/agents.js';

export * from './values/agents.js';

const text = z.string().check(z.minLength(1));
const str = z.string();
const nstr = z.nullable(z.string());
const count = z.int().check(z.minimum(0));

/** The fields of a run that its estimate (tool run_smart_agent) repeats, typed once for both bodies. */
export function agentRunFields() {
  return {
    agent_type: z.optional(z.enum(AGENT_TYPES)),
    column_name: z.optional(z.string()),
    prompt: z.optional(z.string()),
    template_id: z.optional(z.string()),
    lead_scope: z.optional(z.enum(LEAD_SCOPES)),
    max_rows: z.optional(z.int()),
    overwrite: z.optional(z.boolean()),
  };
}

/**
 * POST /smart-agents/run. Types only (422); which fields a type needs (prompt for custom_ai,
 * a column name except for cold_intro_email), the column name's rules, max_rows' range and
 * the 500-lead selection rule are the handler's 400s, the same as the estimate's.
 */
export const SmartAgentRunBody = z.object({
  list_id: text,
  ...agentRunFields(),
  quote_id: z.optional(z.string()),
});
export type SmartAgentRunBody = z.infer<typeof SmartAgentRunBody>;

/** POST /smart-agents/run answer; the envelope task_id is the same id, kept for older clients. */
export const SmartAgentRunStarted = z.looseObject({
  ...envelopeFields,
  smart_agent_task_id: str,
  /** Agent type -> run id (one entry per type started). */
  smart_agent_task_ids: z.record(z.string(), z.string()),
  status: z.literal('pending'),
  list_id: str,
  column_name: str,
  estimated_cost: z.number(),
  /** The sandbox adds what was taken from the balance at start. */
  credits_reserved: z.optional(z.number()),
});
export type SmartAgentRunStarted = z.infer<typeof SmartAgentRunStarted>;

/** One run in GET /smart-agents. */
export const SmartAgentRun = z.looseObject({
  task_id: str,
  list_id: str,
  column_name: str,
  agent_type: z.enum(AGENT_TYPES),
  status: z.enum(AGENT_RUN_STATUSES),
  total: count,
  processed: count,
  failed: count,
  created_at: str,
});
export type SmartAgentRun = z.infer<typeof SmartAgentRun>;

/** GET /smart-agents: most recent first. */
export const SmartAgentRunsPage = z.looseObject({
  ...envelopeFields,
  runs: z.array(SmartAgentRun),
  total: count,
});
export type SmartAgentRunsPage = z.infer<typeof SmartAgentRunsPage>;

/** A lead's output: value, or null with the reason in error. */
export const SmartAgentResultRow = z.looseObject({
  lead_id: str,
  value: nstr,
  error: nstr,
});
export type SmartAgentResultRow = z.infer<typeof SmartAgentResultRow>;

/** GET /smart-agents/{id}: the leads processed so far while the run is processing. */
export const SmartAgentResults = z.looseObject({
  ...envelopeFields,
  smart_agent_task_id: str,
  status: z.enum(AGENT_RUN_STATUSES),
  /** Percent of the leads processed. */
  progress: z.nullable(z.number()),
  total: count,
  succeeded: count,
  failed: count,
  results: z.array(SmartAgentResultRow),
  /** The sandbox adds the run's list, column, type and credits. */
  list_id: z.optional(str),
  column_name: z.optional(str),
  agent_type: z.optional(z.enum(AGENT_TYPES)),
  credits_charged: z.optional(z.number()),
  credits_refunded: z.optional(z.number()),
});
export type SmartAgentResults = z.infer<typeof SmartAgentResults>;
