import { defineCommand, type FlagSpec } from '../../cli/command.js';
import { usageError } from '../../cli/errors.js';
import { intInRange, oneOf } from '../../cli/parse.js';
import { readJsonObject } from '../../cli/json-input.js';
import { gather } from '../../cli/cmdutil/split-values.js';
import { estimateBodyFor } from '../../api/quote-shape.js';
import type { EstimateBody } from '../../api/schemas/credits.js';
import { ENRICHMENT_TYPES, LIST_SCOPES, TOOLS, LIST_TOOLS } from '../../api/schemas/values/credits.js';
import { AGENT_LIMITS, AGENT_TYPES, LEAD_SCOPES } from '../../api/schemas/values/agents.js';
import { DESTINATIONS } from '../../api/schemas/values/sync.js';
import { DATA_POINTS_FLAG } from '../../cli/cmdutil/enrich-flags.js';
import { MAPPING_FLAG, SUB_ACTIONS, SUB_ACTION_DEFAULT } from '../../cli/cmdutil/sync-flags.js';
import { QUOTE_FIELDS, warnIfShort } from '../../cli/paid.js';
import { resolveList } from '../../cli/cmdutil/resolve-list.js';
import { readLeadIds } from '../../cli/cmdutil/lead-ids.js';

const ROWS = AGENT_LIMITS.maxRows;

const FLAGS = [
  { flags: '--tool <tool>', description: 'the operation to price', choices: TOOLS, parse: oneOf('--tool', TOOLS) },
  { flags: '--list <list>', description: `the list (id or exact name) for ${LIST_TOOLS.join(', ')}` },
  { flags: '--task <task_id>', description: 'the cohort (svc-task_...) for add_person_enrichments and add_company_enrichments' },
  { flags: '--entity-ids <ids>', description: 'a subset of the cohort; repeatable or comma-separated', parse: gather('comma') },
  DATA_POINTS_FLAG,
  {
    flags: '--rows <n>',
    description: 'rows, for tools without a list or cohort (bulk_import_csv, enrich_person ...)',
    parse: intInRange('--rows', 0, 10_000_000),
  },
  {
    flags: '--scope <scope>',
    description: 'enrich_list: what to find',
    choices: LIST_SCOPES,
    parse: oneOf('--scope', LIST_SCOPES),
    defaultDescription: 'partial',
  },
  {
    flags: '--type <type>',
    description: 'enrich_person, bulk_import_csv: what to find (bulk_import_csv needs it)',
    choices: ENRICHMENT_TYPES,
    parse: oneOf('--type', ENRICHMENT_TYPES),
    defaultDescription: 'enrich_person: partial, phone_only with --include-phone',
  },
  { flags: '--include-phone', description: 'enrich_person legacy flag (phone_only); --type wins' },
  { flags: '--lead-ids <ids>', description: 'enrich_list: quote a subset of the list (1-500 lead ids)', parse: gather('comma') },
  { flags: '--lead-ids-file <file>', description: 'enrich_list: the subset from a file (- for stdin)' },
  {
    flags: '--agent-type <type>',
    description: 'run_smart_agent: the agent',
    choices: AGENT_TYPES,
    parse: oneOf('--agent-type', AGENT_TYPES),
    defaultDescription: 'custom_ai',
  },
  { flags: '--column <name>', description: 'run_smart_agent: the output column' },
  { flags: '--prompt <text>', description: 'run_smart_agent (custom_ai): the instruction' },
  {
    flags: '--template <id>',
    description: 'run_smart_agent (cold_intro_email): the template',
    defaultDescription: 'the workspace\u2019s active default template',
  },
  {
    flags: '--lead-scope <scope>',
    description: 'run_smart_agent: the first --max-rows leads (subset) or every lead',
    choices: LEAD_SCOPES,
    parse: oneOf('--lead-scope', LEAD_SCOPES),
    defaultDescription: 'subset',
  },
  {
    flags: '--max-rows <n>',
    description: `run_smart_agent: rows of a subset (${ROWS.min}-${ROWS.max})`,
    parse: intInRange('--max-rows', ROWS.min, ROWS.max),
    defaultDescription: String(ROWS.default),
  },
  { flags: '--overwrite', description: 'run_smart_agent: also leads that already hold a value' },
  {
    flags: '--provider <provider>',
    description: 'sync: the CRM or sequencer',
    choices: DESTINATIONS,
    parse: oneOf('--provider', DESTINATIONS),
  },
  {
    flags: '--sub-action <action>',
    description: 'sync_to_crm: the CRM object to write',
    choices: SUB_ACTIONS,
    parse: oneOf('--sub-action', SUB_ACTIONS),
    defaultDescription: SUB_ACTION_DEFAULT,
  },
  { flags: '--campaign <id>', description: 'sync_to_sequencer: the campaign' },
  { ...MAPPING_FLAG, description: 'sync: the field mapping as a JSON object (file, - or inline), as the sync will send it' },
] as const satisfies readonly FlagSpec[];

export const command = defineCommand({
  description:
    'Prices a paid operation without running it and mints a single-use quote valid 5 minutes (free). Rows are counted by ' +
    'the service from the list or cohort; --rows only for tools backed by neither. Paid commands do this themselves; ' +
    'use it to see a price, or to script the quote yourself with `prospect api`.',
  flags: FLAGS,
  examples: [
    'prospect credits estimate --tool enrich_list --list "Q3 CTOs" --scope full',
    'prospect credits estimate --tool add_person_enrichments --task svc-task_... --data-points Email,Phone',
    'prospect credits estimate --tool bulk_import_csv --rows 1200 --type partial --json',
  ],
  related: ['prospect credits balance', 'prospect enrich list'],
  async run(opts, ctx) {
    if (!opts.tool) throw usageError('--tool is required', `Tools: ${TOOLS.join(', ')}.`);
    const ids = await readLeadIds(opts.leadIds, opts.leadIdsFile, ctx.io.stdin);
    if (ids && opts.tool !== 'enrich_list')
      throw usageError('--lead-ids prices a subset for --tool enrich_list only', 'Drop --lead-ids, or use --tool enrich_list.');
    const mapping = opts.mapping === undefined ? undefined : await readJsonObject('--mapping', opts.mapping, ctx.io.stdin);
    const listId = opts.list === undefined ? undefined : (await resolveList(ctx.api, opts.list)).list_id;
    let body: EstimateBody = {
      tool: opts.tool,
      ...(listId !== undefined ? { list_id: listId } : {}),
      ...(opts.task !== undefined ? { task_id: opts.task } : {}),
      ...(opts.entityIds ? { entity_ids: opts.entityIds } : {}),
      ...(opts.dataPoints ? { data_points: opts.dataPoints } : {}),
      ...(opts.rows !== undefined ? { row_count: opts.rows } : {}),
      ...(opts.scope !== undefined ? { scope: opts.scope } : {}),
      ...(opts.type !== undefined ? { enrichment_type: opts.type } : {}),
      ...(opts.includePhone ? { include_phone: true } : {}),
      ...(opts.agentType !== undefined ? { agent_type: opts.agentType } : {}),
      ...(opts.column !== undefined ? { column_name: opts.column } : {}),
      ...(opts.prompt !== undefined ? { prompt: opts.prompt } : {}),
      ...(opts.template !== undefined ? { template_id: opts.template } : {}),
      ...(opts.leadScope !== undefined ? { lead_scope: opts.leadScope } : {}),
      ...(opts.maxRows !== undefined ? { max_rows: opts.maxRows } : {}),
      ...(opts.overwrite ? { overwrite: true } : {}),
      ...(opts.provider !== undefined ? { provider: opts.provider } : {}),
      ...(opts.subAction !== undefined ? { sub_action: opts.subAction } : {}),
      ...(opts.campaign !== undefined ? { campaign_id: opts.campaign } : {}),
      ...(mapping ? { field_mapping: mapping as Record<string, string> } : {}),
    };
    if (ids) {
      if (listId === undefined) throw usageError('--lead-ids needs --list', 'Name the list the leads are in.');
      body = estimateBodyFor({ tool: 'enrich_list', body: { list_id: listId, scope: opts.scope ?? 'partial', lead_ids: ids } });
    }
    const q = await ctx.api.credits.estimate(body);
    await ctx.out.print({ kind: 'object', payload: q, fields: QUOTE_FIELDS });
    warnIfShort(ctx, q);
  },
});
