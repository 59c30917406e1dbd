import type { EstimateBody } from './schemas/credits.js';
import type { BulkEnrichBody, ByTaskEnrichBody, CompanyEnrichBody, PersonEnrichBody } from './schemas/enrichment.js';
import { COMPANY_DATA_POINTS, includePhoneType, type EnrichmentType, type Tool } from './schemas/values/credits.js';
import type { SmartAgentRunBody } from './schemas/agents.js';
import type { CrmSyncBody, SequencerSyncBody } from './schemas/sync.js';
import { AGENT_LIMITS } from './schemas/values/agents.js';
import { CRM_SUB_ACTIONS, type CrmProvider } from './schemas/values/sync.js';

/**
 * A paid run and the estimate that quotes it. The CLI derives the estimate body from the run
 * request it is about to send (so the quote cannot mismatch), and the sandbox derives the
 * same body from the run it receives to check the quote: one mapping for both sides.
 */
export type PaidRun =
  | { tool: 'enrich_person'; body: PersonEnrichBody }
  | { tool: 'enrich_company'; body: CompanyEnrichBody }
  | { tool: 'add_person_enrichments' | 'add_company_enrichments'; body: ByTaskEnrichBody }
  | { tool: 'enrich_list'; body: BulkEnrichBody }
  | { tool: 'bulk_import_csv'; body: { enrichment_type: EnrichmentType }; rows: number }
  | { tool: 'run_smart_agent'; body: SmartAgentRunBody }
  | { tool: 'sync_to_crm'; body: CrmSyncBody }
  | { tool: 'sync_to_sequencer'; body: SequencerSyncBody };

/** The enrichment type a person run asks for: enrichment_type wins, then the legacy include_phone, then partial. */
export function personEnrichmentType(b: { enrichment_type?: string | undefined; include_phone?: boolean | undefined }): string {
  return b.enrichment_type ?? includePhoneType(b.include_phone ?? false);
}

/** Person cohort tool unless every data point is a company one. */
export function byTaskTool(dataPoints: readonly string[]): 'add_person_enrichments' | 'add_company_enrichments' {
  const company = COMPANY_DATA_POINTS as readonly string[];
  return dataPoints.length > 0 && dataPoints.every((d) => company.includes(d)) ? 'add_company_enrichments' : 'add_person_enrichments';
}

export const sortedUnique = (ids: readonly string[]): string[] => [...new Set(ids)].sort();

/** The estimate body of a run (what POST /credits/estimate is sent before the run). */
export function estimateBodyFor(run: PaidRun): EstimateBody {
  switch (run.tool) {
    case 'enrich_person':
      return { tool: run.tool, enrichment_type: personEnrichmentType(run.body), row_count: 1 };
    case 'enrich_company':
      return { tool: run.tool, row_count: 1 };
    case 'add_person_enrichments':
    case 'add_company_enrichments': {
      const b = run.body;
      return {
        tool: run.tool,
        task_id: b.task_id,
        data_points: [...b.data_points],
        ...(b.entity_ids ? { entity_ids: [...b.entity_ids] } : {}),
      };
    }
    case 'enrich_list': {
      const b = run.body;
      const scope = b.scope ?? 'partial';
      if (!b.lead_ids) return { tool: run.tool, list_id: b.list_id, scope };
      const ids = sortedUnique(b.lead_ids);
      return { tool: run.tool, row_count: ids.length, scope, filters: { list_id: b.list_id, scope, lead_ids: ids } };
    }
    case 'bulk_import_csv':
      return { tool: run.tool, row_count: run.rows, enrichment_type: run.body.enrichment_type };
    case 'run_smart_agent': {
      const { quote_id: _q, ...fields } = run.body;
      return { tool: run.tool, ...fields };
    }
    case 'sync_to_crm':
    case 'sync_to_sequencer': {
      const { quote_id: _q, approved: _a, ...fields } = run.body;
      return { tool: run.tool, ...fields };
    }
  }
}

/**
 * The request shape a quote is bound to (its filter_hash hashes this): the fields that
 * decide what runs, with defaults filled in and id sets sorted, so equal requests compare
 * equal however they are spelled. Row counts are not part of it: they may drift.
 */
export function quoteShape(b: EstimateBody): Record<string, unknown> {
  const tool = b.tool as Tool;
  switch (tool) {
    case 'enrich_person':
      return { tool, enrichment_type: personEnrichmentType(b) };
    case 'add_person_enrichments':
    case 'add_company_enrichments': {
      const cohort = { tool, task_id: b.task_id ?? null, entity_ids: b.entity_ids ? sortedUnique(b.entity_ids) : null };
      // The estimate takes data_points for person cohorts only: a company cohort's price does not depend on them.
      return tool === 'add_person_enrichments' ? { ...cohort, data_points: sortedUnique(b.data_points ?? []) } : cohort;
    }
    case 'enrich_list': {
      if (b.filters) {
        const f = b.filters;
        return { tool, filters: { list_id: f.list_id, scope: f.scope ?? b.scope ?? 'partial', lead_ids: sortedUnique(f.lead_ids) } };
      }
      return { tool, list_id: b.list_id ?? null, scope: b.scope ?? 'partial' };
    }
    case 'bulk_import_csv':
      return { tool, enrichment_type: b.enrichment_type ?? null };
    case 'run_smart_agent':
      return {
        tool,
        list_id: b.list_id ?? null,
        agent_type: b.agent_type ?? 'custom_ai',
        column_name: b.column_name ?? null,
        prompt: b.prompt ?? null,
        template_id: b.template_id ?? null,
        lead_scope: b.lead_scope ?? 'subset',
        max_rows: b.max_rows ?? AGENT_LIMITS.maxRows.default,
        overwrite: b.overwrite ?? false,
      };
    case 'sync_to_crm':
      return {
        tool,
        provider: b.provider ?? null,
        list_id: b.list_id ?? null,
        sub_action: b.sub_action ?? CRM_SUB_ACTIONS[b.provider as CrmProvider]?.[0] ?? null,
        field_mapping: b.field_mapping ?? null,
      };
    case 'sync_to_sequencer':
      return {
        tool,
        provider: b.provider ?? null,
        list_id: b.list_id ?? null,
        campaign_id: b.campaign_id ?? null,
        field_mapping: b.field_mapping ?? null,
      };
    default:
      return { tool };
  }
}
