import type { EstimateBody } from '../../api/schemas/credits.js';
import {
  COMPANY_DATA_POINTS,
  COMPANY_ENRICHMENT_PRICE,
  ENRICHMENT_TYPES,
  ENRICHMENT_TYPE_PRICES,
  LIST_SCOPES,
  LIST_SCOPE_TYPES,
  PERSON_DATA_POINTS,
  PERSON_DATA_POINT_PRICES,
  SIMILAR_COMPANIES_ESTIMATE,
  TOOLS,
  companyCohortCost,
  type EnrichmentType,
  type ListScope,
  type PersonDataPoint,
  type Tool,
} from '../../api/schemas/values/credits.js';
import {
  AGENT_LIMITS,
  AGENT_PRICES,
  agentColumn,
  columnNameProblem,
  customAiCost,
  type AgentType,
} from '../../api/schemas/values/agents.js';
import { CRM_PROVIDERS, CRM_SUB_ACTIONS, SEQUENCER_PROVIDERS, syncCost, type CrmProvider } from '../../api/schemas/values/sync.js';
import { personEnrichmentType, sortedUnique } from '../../api/quote-shape.js';
import type { SandboxServices } from '../context.js';
import type { Principal } from './auth.js';
import { closest } from '../../api/suggest.js';
import type { SandboxError } from './errors.js';
import { badField } from './validation.js';
import { resolveCohort, type CohortRecord } from './cohorts.js';
import { columnValue, leadOf, visibleList, type ListRecord } from './lists.js';
import { templateFor, type EmailTemplate } from './email-templates.js';
import { requireFeature } from './features.js';

/**
 * What a paid request costs at most: its rows, derived on the server from the list or the
 * cohort it names (row_count only for tools backed by neither), and the price of the spec's
 * credit table, totals rounded up to a whole credit. The estimate route and the paid routes
 * both price through here, so a quote and its run agree.
 */

export interface Priced {
  rows: number;
  cost: number;
}

const isOneOf = <T extends string>(values: readonly T[], v: unknown): v is T =>
  typeof v === 'string' && (values as readonly string[]).includes(v);

function oneOf<T extends string>(values: readonly T[], v: unknown, field: string, hint?: string): T {
  if (isOneOf(values, v)) return v;
  const near = typeof v === 'string' ? closest(v, values) : undefined;
  throw badField(
    field,
    `${field} must be one of ${values.join(', ')}; got ${JSON.stringify(v)}${near ? ` (did you mean ${near}?)` : ''}${hint ? `. ${hint}` : ''}`,
  );
}

function need<T>(v: T | undefined | null | '', field: string, tool: string): T {
  if (v === undefined || v === null || v === '') throw badField(field, `${field} is required for tool ${tool}`);
  return v;
}

function unknownTool(tool: string): SandboxError {
  const near = closest(tool, TOOLS);
  return badField('tool', `Unknown tool "${tool}"${near ? ` (did you mean ${near}?)` : ''}; tools: ${TOOLS.join(', ')}`);
}

export function enrichmentTypeOf(v: unknown, field = 'enrichment_type'): EnrichmentType {
  return oneOf(ENRICHMENT_TYPES, v, field, v === 'phone-only' ? 'This field spells it phone_only, with an underscore.' : undefined);
}

function listScopeOf(v: unknown, field = 'scope'): ListScope {
  return oneOf(LIST_SCOPES, v ?? 'partial', field, v === 'phone_only' ? 'List enrichment spells it phone-only, with a hyphen.' : undefined);
}

/** Known data points, sorted and unique; an unknown one is a 400 at its index in the request. */
const dataPointsOf = <T extends string>(values: readonly T[], points: readonly string[]): T[] =>
  sortedUnique(points.map((p, i) => oneOf(values, p, `data_points.${i}`))) as T[];

/** Person cohort data points: known values, and not LinkedIn alone (it is free and enriches nothing). */
export function personDataPoints(points: readonly string[]): PersonDataPoint[] {
  const out = dataPointsOf(PERSON_DATA_POINTS, points);
  if (!out.some((p) => PERSON_DATA_POINT_PRICES[p] > 0))
    throw badField(
      'data_points',
      out.length
        ? 'A person cohort needs Email or Phone: LinkedIn alone is not an enrichment'
        : 'data_points needs Email or Phone for a person cohort',
    );
  return out;
}

export function companyDataPoints(points: readonly string[]): string[] {
  return dataPointsOf(COMPANY_DATA_POINTS, points);
}

export const personPointsPrice = (points: readonly PersonDataPoint[]): number =>
  points.reduce((n, p) => n + PERSON_DATA_POINT_PRICES[p], 0);

/** The cohort's entities a request selects: all, or the subset given (ids not in the cohort are a 400). */
export function cohortSelection(cohort: CohortRecord, entityIds: readonly string[] | undefined): string[] {
  if (!entityIds) return [...new Set(cohort.ids)];
  const held = new Set(cohort.ids);
  const ids = [...new Set(entityIds)];
  const unknown = ids.filter((id) => !held.has(id));
  if (unknown.length)
    throw badField(
      'entity_ids',
      `${unknown.length} of the entity_ids ${unknown.length === 1 ? 'is' : 'are'} not in the cohort: ${unknown.slice(0, 5).join(', ')}`,
    );
  return ids;
}

/** The cohort of a cohort tool, of the kind the tool prices (400 for the other kind). */
function cohortFor(
  services: Pick<SandboxServices, 'store' | 'clock'>,
  orgId: string,
  taskId: string,
  tool: 'add_person_enrichments' | 'add_company_enrichments',
): CohortRecord {
  const cohort = resolveCohort(services, taskId, orgId);
  const want = tool === 'add_person_enrichments' ? 'person' : 'company';
  if (cohort.entity_kind !== want)
    throw badField(
      'task_id',
      `${taskId} is a ${cohort.entity_kind} cohort; use tool ${cohort.entity_kind === 'person' ? 'add_person_enrichments' : 'add_company_enrichments'} for it`,
    );
  return cohort;
}

/** Lead ids as a subset is quoted (sorted, unique), and those of them the list does not hold. */
export function subsetOf(list: ListRecord, leadIds: readonly string[]): { ids: string[]; missing: string[] } {
  const held = new Set(list.lead_ids);
  const ids = sortedUnique(leadIds);
  return { ids, missing: ids.filter((id) => !held.has(id)) };
}

/** The subset of a list bulk enrichment selects: unique ids, every one a lead of the list (400 otherwise). */
function listSubset(list: ListRecord, leadIds: readonly string[], field = 'lead_ids'): string[] {
  const { ids, missing } = subsetOf(list, leadIds);
  if (missing.length)
    throw badField(
      field,
      `${missing.length} of the ${field} ${missing.length === 1 ? 'is' : 'are'} not leads of list ${list.list_id}: ${missing.slice(0, 5).join(', ')}`,
    );
  return ids;
}

type AgentRequest = Pick<EstimateBody, 'agent_type' | 'column_name' | 'prompt' | 'lead_scope' | 'max_rows' | 'overwrite'>;

/**
 * The checks a smart-agent run and its estimate share (400 validation_error): a column name
 * (columnNameProblem) except for cold_intro_email (it writes the built-in email column), a
 * prompt that is not blank for custom_ai, max_rows in range. Returns the type and the column it writes.
 */
export function agentRun(b: AgentRequest): { type: AgentType; column: string } {
  const tool = 'run_smart_agent';
  const type = b.agent_type ?? 'custom_ai';
  if (type !== 'cold_intro_email') {
    const problem = columnNameProblem(need(b.column_name, 'column_name', tool));
    if (problem) throw badField('column_name', problem);
  }
  const m = AGENT_LIMITS.maxRows;
  if (b.max_rows !== undefined && (b.max_rows < m.min || b.max_rows > m.max))
    throw badField('max_rows', `max_rows must be from ${m.min} to ${m.max}`);
  if (type === 'custom_ai' && !need(b.prompt, 'prompt', tool).trim())
    throw badField('prompt', 'prompt is blank: custom_ai needs an instruction');
  return { type, column: agentColumn({ agent_type: type, column_name: b.column_name })! };
}

/**
 * cold_intro_email's template (the one named, else the active default) and an email on every
 * selected lead (it writes to each one's email), else 400 validation_error; null for other
 * types. The estimate checks it too, so nobody approves a spend the run would refuse.
 */
export function coldEmailTemplate(
  services: Pick<SandboxServices, 'store' | 'clock'>,
  orgId: string,
  list: ListRecord,
  ids: readonly string[],
  b: Pick<EstimateBody, 'agent_type' | 'template_id'>,
): EmailTemplate | null {
  if (b.agent_type !== 'cold_intro_email') return null;
  const template = templateFor(services.store, orgId, services.clock.iso(), b.template_id);
  const without = ids.filter((id) => !leadOf(services.store, orgId, id)?.email);
  if (without.length)
    throw badField(
      'list_id',
      `cold_intro_email needs every selected lead enriched with an email; ${without.length} of the ${ids.length} selected leads of list "${list.name}" have none: ` +
        `${without.slice(0, 5).join(', ')}${without.length > 5 ? ', ...' : ''}. Enrich them first (POST /enrichment/bulk) or leave them out`,
    );
  return template;
}

/**
 * The leads of a list a smart agent runs over, in list order: without overwrite those already
 * holding a value in the column are skipped; subset takes the first max_rows of the rest, all takes every one.
 */
export function agentSelection(list: ListRecord, b: AgentRequest): string[] {
  const column = agentColumn(b);
  const eligible = b.overwrite || !column ? list.lead_ids : list.lead_ids.filter((id) => columnValue(list, column, id) === undefined);
  return b.lead_scope === 'all' ? [...eligible] : eligible.slice(0, b.max_rows ?? AGENT_LIMITS.maxRows.default);
}

/** A run's price: presets per lead; custom_ai from its prompt, the total rounded up once. */
export function agentCost(type: AgentType, prompt: string | undefined, rows: number): number {
  return type === 'custom_ai' ? customAiCost(prompt ?? '', rows) : rows * AGENT_PRICES[type];
}

/** Prices an estimate request for the caller. Validation failures are 400 validation_error; unknown lists and cohorts 404. */
export function priceEstimate(services: Pick<SandboxServices, 'store' | 'clock'>, caller: Principal, b: EstimateBody): Priced {
  const tool = b.tool as Tool;
  if (!isOneOf(TOOLS, tool)) throw unknownTool(b.tool);
  const store = services.store;
  const orgId = caller.organization.id;
  const list = () => visibleList(store, caller, need(b.list_id, 'list_id', tool));
  const given = (fallback: number) => b.row_count ?? fallback;
  switch (tool) {
    case 'search_people':
    case 'search_companies':
    case 'add_leads_to_list':
      return { rows: given(0), cost: 0 };
    case 'find_similar_companies':
      return { rows: given(1), cost: SIMILAR_COMPANIES_ESTIMATE };
    case 'enrich_person': {
      const type = enrichmentTypeOf(personEnrichmentType(b));
      return { rows: given(1), cost: given(1) * ENRICHMENT_TYPE_PRICES[type] };
    }
    case 'enrich_company':
      return { rows: given(1), cost: given(1) * COMPANY_ENRICHMENT_PRICE };
    case 'add_person_enrichments': {
      const points = personDataPoints(need(b.data_points, 'data_points', tool));
      const rows = cohortSelection(cohortFor(services, orgId, need(b.task_id, 'task_id', tool), tool), b.entity_ids).length;
      return { rows, cost: rows * personPointsPrice(points) };
    }
    case 'add_company_enrichments': {
      // The spec's estimate body takes data_points for person cohorts; a company cohort's price does not depend on them.
      if (b.data_points) companyDataPoints(b.data_points);
      const rows = cohortSelection(cohortFor(services, orgId, need(b.task_id, 'task_id', tool), tool), b.entity_ids).length;
      return { rows, cost: companyCohortCost(rows) };
    }
    case 'enrich_list': {
      if (b.filters) {
        if (b.list_id !== undefined) throw badField('list_id', 'A subset quote names its list in filters.list_id only; leave list_id out');
        const scope = listScopeOf(b.filters.scope ?? b.scope, 'filters.scope');
        if (b.scope !== undefined && b.filters.scope !== undefined && b.scope !== b.filters.scope)
          throw badField('scope', 'scope and filters.scope differ');
        requireSubsetFeature(caller);
        const rows = listSubset(visibleList(store, caller, b.filters.list_id), b.filters.lead_ids, 'filters.lead_ids').length;
        return { rows, cost: rows * ENRICHMENT_TYPE_PRICES[LIST_SCOPE_TYPES[scope]] };
      }
      const scope = listScopeOf(b.scope);
      const rows = list().lead_ids.length;
      return { rows, cost: rows * ENRICHMENT_TYPE_PRICES[LIST_SCOPE_TYPES[scope]] };
    }
    case 'bulk_import_csv': {
      const type = enrichmentTypeOf(need(b.enrichment_type, 'enrichment_type', tool));
      const rows = need(b.row_count, 'row_count', tool);
      return { rows, cost: rows * ENRICHMENT_TYPE_PRICES[type] };
    }
    case 'run_smart_agent': {
      const { type } = agentRun(b);
      const agentList = list();
      const ids = agentSelection(agentList, b);
      coldEmailTemplate(services, orgId, agentList, ids, b);
      return { rows: ids.length, cost: agentCost(type, b.prompt, ids.length) };
    }
    case 'sync_to_crm':
    case 'sync_to_sequencer': {
      const crm = tool === 'sync_to_crm';
      const provider = oneOf<string>(crm ? CRM_PROVIDERS : SEQUENCER_PROVIDERS, need(b.provider, 'provider', tool), 'provider');
      if (crm && b.sub_action !== undefined) oneOf(CRM_SUB_ACTIONS[provider as CrmProvider], b.sub_action, 'sub_action');
      if (!crm) need(b.campaign_id, 'campaign_id', tool);
      const rows = list().lead_ids.length;
      if (rows === 0) throw badField('list_id', 'The list is empty: there is nothing to sync');
      return { rows, cost: syncCost(rows) };
    }
  }
}

/** Bulk enrichment of a lead_ids subset is not for partner-license-only workspaces. */
export function requireSubsetFeature(caller: Principal): void {
  requireFeature(caller.organization, 'bulk_enrichment_subset', {
    label: 'Bulk enrichment of a lead_ids subset',
    problem: 'Enriching a subset of a list is not available to this workspace',
    fix: 'Enrich the whole list (leave lead_ids out), or copy the leads to a list of their own first.',
  });
}
