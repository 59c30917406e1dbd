import type { CompanyRecord } from '../../api/schemas/search.js';
import type { ByTaskEntityResult } from '../../api/schemas/enrichment.js';
import type { Dataset } from '../data/dataset.js';
import { fraction } from './waterfall.js';
import type { SandboxServices } from '../context.js';
import type { Principal } from './auth.js';
import { enrichmentArea, type EnrichmentWorkflow, type RowPlan } from './enrichment.js';

/**
 * Company enrichment: finding a company of the data set by id, domain or name (the data set
 * has no tickers), whether the providers find it (every company, unless a test control set
 * a company hit rate), and the record of a company cohort run, which settles inline but is
 * kept as an ended run so its cohort handle polls like a person run.
 */

const byName = new WeakMap<Dataset, Map<string, number>>();

/** A company by its name, compared case-insensitively (the index is built on first use). */
export function companyIndexByName(dataset: Dataset, name: string): number | undefined {
  let index = byName.get(dataset);
  if (!index) {
    index = new Map();
    for (let i = 0; i < dataset.size.companies; i++) {
      const key = dataset.company(i).name.toLowerCase();
      if (!index.has(key)) index.set(key, i);
    }
    byName.set(dataset, index);
  }
  return index.get(name.trim().toLowerCase());
}

export interface CompanyIdentity {
  company_id?: string | undefined;
  domain?: string | undefined;
  company_name?: string | undefined;
  company_ticker?: string | undefined;
}

const given = (v: string | undefined): v is string => typeof v === 'string' && v.trim() !== '';

/** The data set's company an identity names: by company_id, then domain (any spelling), then exact name. A ticker matches nothing. */
export function findCompany(dataset: Dataset, id: CompanyIdentity): number | undefined {
  if (given(id.company_id)) {
    const i = dataset.companyIndexById(id.company_id.trim());
    if (i !== undefined) return i;
  }
  if (given(id.domain)) {
    const i = dataset.companyIndexByDomain(id.domain);
    if (i !== undefined) return i;
  }
  return given(id.company_name) ? companyIndexByName(dataset, id.company_name) : undefined;
}

/** Whether the providers find a company: always, or at the company hit rate a test control set (fixed per company). */
export function companyFound(services: Pick<SandboxServices, 'store' | 'dataset'>, index: number): boolean {
  const rate = enrichmentArea(services.store).settings.hit_rates.company ?? null;
  if (rate === null) return true;
  const ds = services.dataset;
  return fraction(`${ds.seed}|company|${ds.company(index).company_id}`) < rate;
}

/** The by-task result of one company of a cohort. */
export function companyResult(services: Pick<SandboxServices, 'store' | 'dataset'>, companyId: string): ByTaskEntityResult {
  const index = services.dataset.companyIndexById(companyId);
  if (index === undefined || !companyFound(services, index))
    return { entity_id: companyId, status: 'failed', error: 'No provider found this company', company: null };
  const company: CompanyRecord = services.dataset.companyRecord(index);
  return { entity_id: companyId, status: 'completed', error: null, company };
}

export interface CompanyCohortRun {
  workflow_id: string;
  caller: Pick<Principal, 'user' | 'organization'>;
  task_id: string;
  results: ByTaskEntityResult[];
  credits_reserved: number;
  credits_charged: number;
}

/** Records a company cohort run that settled inline, as an ended run found by its cohort handle. */
export function recordCompanyCohortRun(services: Pick<SandboxServices, 'store' | 'clock'>, r: CompanyCohortRun): EnrichmentWorkflow {
  const now = services.clock.now();
  const rows: RowPlan[] = r.results.map((x) => ({
    lead_id: x.entity_id,
    entity_id: x.entity_id,
    outcome: x.status === 'completed' ? 'found' : 'missed',
    email: null,
    email_status: null,
    phone: null,
    provider: null,
    linkedin_url: null,
    cost: 0,
    error: x.error,
  }));
  const completed = rows.filter((x) => x.outcome === 'found').length;
  const wf: EnrichmentWorkflow = {
    workflow_id: r.workflow_id,
    kind: 'by_task',
    organization_id: r.caller.organization.id,
    user_id: r.caller.user.id,
    enrichment_type: 'partial',
    wants: { email: false, phone: false },
    lead_list_id: '',
    task_id: r.task_id,
    rows,
    credits_reserved: r.credits_reserved,
    started_at_ms: now,
    pending_ms: 0,
    run_ms: 0,
    forced: null,
    end: {
      status: 'completed',
      processed: rows.length,
      completed,
      failed: rows.length - completed,
      credits_charged: r.credits_charged,
      credits_refunded: r.credits_reserved - r.credits_charged,
      refund_status: 'not_applicable',
      ended_at_ms: now,
    },
    extra: { entity_kind: 'company', result: { entity_kind: 'company', results: r.results } },
  };
  const area = enrichmentArea(services.store);
  area.workflows[wf.workflow_id] = wf;
  area.by_task[r.task_id] = wf.workflow_id;
  return wf;
}

/** A company cohort run has no enrichment type and no list. */
export const isCompanyCohortRun = (wf: EnrichmentWorkflow): boolean => wf.extra.entity_kind === 'company';
