import * as z from 'zod/mini';
import { envelopeFields } from './envelope.js';
import { described, nonBlank, sends } from './described.js';
import { AGENT_LIMITS, AGENT_PRICES, AGENT_RUN_STATUSES, AGENT_TYPES, LEAD_SCOPES } from './values/agents.js';

export * from './values/agents.js';

const text = z.string().check(z.minLength(1));
const str = z.string();
const nstr = z.nullable(z.string());
const count = z.int().check(z.minimum(0));
const PRESETS = AGENT_TYPES.filter((t) => t !== 'custom_ai');
const presetPrices = PRESETS.map((t) => `${t} (${AGENT_PRICES[t]})`).join(', ');
const { maxRows, columnName } = AGENT_LIMITS;

/** The fields of a run that its estimate (tool run_smart_agent) repeats, typed once for both bodies. */
export function agentRunFields() {
  return {
    agent_type: z.optional(
      described(z.enum(AGENT_TYPES), `custom_ai (priced from the prompt) or a preset, credits per lead: ${presetPrices}.`, {
        default: 'custom_ai',
      }),
    ),
    column_name: z.optional(
      described(
        z.string(),
        `The list column the output is written to (${columnName.min} to ${columnName.max} characters, not a lead field such as email); required except for cold_intro_email, which writes the built-in email column.`,
        { minLength: columnName.min, maxLength: columnName.max },
      ),
    ),
    prompt: z.optional(described(z.string(), 'The instruction run once per lead; required for custom_ai, ignored by the presets.')),
    template_id: z.optional(
      described(z.string(), "cold_intro_email only: the email template; defaults to the workspace's active default template."),
    ),
    lead_scope: z.optional(described(z.enum(LEAD_SCOPES), 'subset: the first max_rows leads; all: every lead.', { default: 'subset' })),
    max_rows: z.optional(
      described(z.int(), `With lead_scope subset: how many leads (${maxRows.min} to ${maxRows.max}, default ${maxRows.default}).`, {
        minimum: maxRows.min,
        maximum: maxRows.max,
        default: maxRows.default,
      }),
    ),
    overwrite: z.optional(described(z.boolean(), 'false skips leads that already hold a value in the column.', { default: false })),
  };
}

/** custom_ai (the default) needs a prompt, every type but cold_intro_email a column_name: checked by the handler (400). */
const AGENT_RUN_RULES = [
  { anyOf: [nonBlank('prompt'), sends('agent_type', { enum: PRESETS, description: 'A preset, which needs no prompt.' })] },
  {
    anyOf: [
      nonBlank('column_name'),
      sends('agent_type', { const: 'cold_intro_email', description: 'cold_intro_email, which writes the built-in email column.' }),
    ],
  },
];

/**
 * POST /smart-agents/run. Types only (422); which fields a type needs (prompt for custom_ai,
 * a column name except for cold_intro_email), the column name's rules, max_rows' range and
 * the 500-lead selection rule are the handler's 400s, the same as the estimate's.
 */
export const SmartAgentRunBody = described(
  z.object({
    list_id: described(text, 'The list to run over (one you can edit).'),
    ...agentRunFields(),
    quote_id: z.optional(described(z.string(), 'A quote for tool run_smart_agent with the same fields; required.')),
  }),
  `One agent run over leads of a list. custom_ai needs a prompt; every type but cold_intro_email a column_name; a selection over ${AGENT_LIMITS.maxLeads} leads is refused (approval_required).`,
  { allOf: AGENT_RUN_RULES },
);
export type SmartAgentRunBody = z.infer<typeof SmartAgentRunBody>;

const agentTypeOut = described(z.enum(AGENT_TYPES), 'The agent run.');
const runStatus = described(z.enum(AGENT_RUN_STATUSES), 'pending, processing, then completed or failed.');

/** POST /smart-agents/run answer; the envelope task_id is the same id, kept for older clients. */
export const SmartAgentRunStarted = described(
  z.looseObject({
    ...envelopeFields,
    smart_agent_task_id: described(str, 'The run; GET /smart-agents/{smart_agent_task_id} shows its results.'),
    /** Agent type -> run id (one entry per type started). */
    smart_agent_task_ids: described(z.record(z.string(), z.string()), 'Agent type -> run id, one entry per type started.'),
    status: described(z.literal('pending'), 'Always pending.'),
    list_id: described(str, 'The list.'),
    column_name: described(str, 'The column the output is written to.'),
    estimated_cost: described(z.number(), 'Credits of the quote; taken at start.'),
    /** The sandbox adds what was taken from the balance at start. */
    credits_reserved: z.optional(described(z.number(), 'Credits taken from the balance at start.')),
  }),
  'A smart agent run, started; task_id repeats smart_agent_task_id for older clients.',
);
export type SmartAgentRunStarted = z.infer<typeof SmartAgentRunStarted>;

/** One run in GET /smart-agents. */
export const SmartAgentRun = described(
  z.looseObject({
    task_id: described(str, 'The run.'),
    list_id: described(str, 'The list it runs over.'),
    column_name: described(str, 'The column it writes.'),
    agent_type: agentTypeOut,
    status: runStatus,
    total: described(count, 'Leads selected.'),
    processed: described(count, 'Leads done.'),
    failed: described(count, 'Leads that failed.'),
    created_at: described(str, 'When the run started (ISO 8601).', { format: 'date-time' }),
  }),
  'A smart agent run.',
);
export type SmartAgentRun = z.infer<typeof SmartAgentRun>;

/** GET /smart-agents: most recent first. */
export const SmartAgentRunsPage = described(
  z.looseObject({
    ...envelopeFields,
    runs: described(z.array(SmartAgentRun), 'Runs, most recent first.'),
    total: described(count, 'Runs in all.'),
  }),
  'Smart agent runs, most recent first.',
);
export type SmartAgentRunsPage = z.infer<typeof SmartAgentRunsPage>;

/** A lead's output: value, or null with the reason in error. */
export const SmartAgentResultRow = described(
  z.looseObject({
    lead_id: described(str, 'The lead.'),
    value: described(nstr, 'The output written to the column, or null.'),
    error: described(nstr, 'Why there is no output, or null.'),
  }),
  'The output of one lead.',
);
export type SmartAgentResultRow = z.infer<typeof SmartAgentResultRow>;

/** GET /smart-agents/{id}: the leads processed so far while the run is processing. */
export const SmartAgentResults = described(
  z.looseObject({
    ...envelopeFields,
    smart_agent_task_id: described(str, 'The run.'),
    status: runStatus,
    /** Percent of the leads processed. */
    progress: described(z.nullable(z.number()), 'Percent of the leads processed.', { minimum: 0, maximum: 100 }),
    total: described(count, 'Leads selected.'),
    succeeded: described(count, 'Leads with an output.'),
    failed: described(count, 'Leads that failed.'),
    results: described(z.array(SmartAgentResultRow), 'Outputs so far (partial while processing).'),
    /** The sandbox adds the run's list, column, type and credits. */
    list_id: z.optional(described(str, 'The list.')),
    column_name: z.optional(described(str, 'The column written.')),
    agent_type: z.optional(agentTypeOut),
    credits_charged: z.optional(described(z.number(), 'Credits charged.')),
    credits_refunded: z.optional(described(z.number(), 'Credits given back.')),
  }),
  'The results of a run; partial while it is processing.',
);
export type SmartAgentResults = z.infer<typeof SmartAgentResults>;
