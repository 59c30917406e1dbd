import * as z from 'zod/mini';
import { AGENT_LIMITS, AGENT_TYPES, LEAD_SCOPES } from './values/agents.js';

export * from './values/agents.js';

const text = z.string().check(z.minLength(1));

/**
 * POST /smart-agents/run. Which fields a type needs (prompt for custom_ai, a column name
 * except for cold_intro_email) and the 500-lead selection rule are the handler's 400s.
 */
export const SmartAgentRunBody = z.object({
  list_id: text,
  agent_type: z.optional(z.enum(AGENT_TYPES)),
  column_name: z.optional(z.string().check(z.maxLength(AGENT_LIMITS.columnName.max))),
  prompt: z.optional(z.string()),
  template_id: z.optional(z.string()),
  lead_scope: z.optional(z.enum(LEAD_SCOPES)),
  max_rows: z.optional(z.int().check(z.minimum(AGENT_LIMITS.maxRows.min), z.maximum(AGENT_LIMITS.maxRows.max))),
  overwrite: z.optional(z.boolean()),
  quote_id: z.optional(z.string()),
});
export type SmartAgentRunBody = z.infer<typeof SmartAgentRunBody>;
