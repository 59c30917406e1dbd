import * as z from 'zod/mini';
import { own } from '../store.js';
import { ENRICHMENT_TERMINAL_STATUSES, type EnrichmentTerminalStatus } from '../../api/schemas/values/enrichment.js';
import type { RouteDef } from '../router.js';
import type { RequestContext } from '../context.js';
import { notFound, publicError } from '../engine/errors.js';
import { parseBody } from '../engine/validation.js';
import { badField } from '../engine/validation.js';
import { enrichmentArea, forceEnd, settleDue, workflowStatus, type WorkflowKind } from '../engine/enrichment.js';
import { SEVERAL_ROWS_ONLY, SINGLE_RECORD_ONLY } from '../engine/enrichment-outcomes.js';

/**
 * Test controls of enrichment runs: the hit rates of the provider waterfall (the share of
 * people whose email or phone is found, of companies found; null: the providers' own),
 * the pace of runs on the sandbox clock, terminal states queued for the next runs, and
 * ending a running run now (both shape the run's rows so its counts agree with the state:
 * engine/enrichment-outcomes.ts). Everything lives in the store's state: a reset restores it.
 */

const KINDS = ['person', 'bulk', 'by_task', 'csv_import', 'legacy'] as const satisfies readonly WorkflowKind[];

const Rate = z.optional(z.nullable(z.number().check(z.minimum(0), z.maximum(1))));
const Ms = z.optional(z.int().check(z.minimum(0), z.maximum(3_600_000)));
const SettingsBody = z
  .object({
    hit_rates: z.optional(z.object({ email: Rate, phone: Rate, company: Rate })),
    pace: z.optional(z.object({ pending_ms: Ms, min_run_ms: Ms, row_ms: Ms })),
  })
  .check(z.refine((b) => b.hit_rates !== undefined || b.pace !== undefined, { message: 'send hit_rates or pace' }));

const singleRecordOnly = (status: EnrichmentTerminalStatus) => SINGLE_RECORD_ONLY.includes(status);

const OutcomesBody = z
  .object({
    status: z.enum(ENRICHMENT_TERMINAL_STATUSES),
    count: z.optional(z.int().check(z.minimum(1), z.maximum(1000))),
    kinds: z.optional(z.array(z.enum(KINDS)).check(z.minLength(1))),
  })
  .check(
    z.refine((b) => !singleRecordOnly(b.status) || (b.kinds !== undefined && b.kinds.every((k) => k === 'person')), {
      message: 'canceled and terminated end single-person runs only: send kinds ["person"]',
      path: ['kinds'],
    }),
    z.refine((b) => !SEVERAL_ROWS_ONLY.includes(b.status) || b.kinds === undefined || b.kinds.some((k) => k !== 'person'), {
      message: 'completed_with_errors ends runs of several rows: a single-person run completes or fails; send other kinds',
      path: ['kinds'],
    }),
  );

const EndBody = z.object({ status: z.enum(ENRICHMENT_TERMINAL_STATUSES) });

function view(ctx: RequestContext) {
  settleDue(ctx.services);
  const area = enrichmentArea(ctx.store);
  const active = area.active.flatMap((id) => {
    const wf = area.workflows[id];
    return wf ? [{ kind: wf.kind, organization_id: wf.organization_id, ...workflowStatus(ctx.services, wf) }] : [];
  });
  return { settings: area.settings, active };
}

function configure(ctx: RequestContext) {
  const b = parseBody(SettingsBody, ctx.body);
  const s = enrichmentArea(ctx.store).settings;
  for (const [point, rate] of Object.entries(b.hit_rates ?? {})) if (rate !== undefined) s.hit_rates[point as 'email' | 'phone' | 'company'] = rate;
  for (const [part, ms] of Object.entries(b.pace ?? {})) if (ms !== undefined) s.pace[part as keyof typeof s.pace] = ms;
  return view(ctx);
}

function queueOutcomes(ctx: RequestContext) {
  const b = parseBody(OutcomesBody, ctx.body);
  const s = enrichmentArea(ctx.store).settings;
  for (let i = 0; i < (b.count ?? 1); i++) s.next_outcomes.push({ status: b.status, kinds: b.kinds ? [...b.kinds] : null });
  return { next_outcomes: s.next_outcomes };
}

function endNow(ctx: RequestContext) {
  const { status } = parseBody(EndBody, ctx.body);
  settleDue(ctx.services);
  const id = ctx.params.workflow_id ?? '';
  const area = enrichmentArea(ctx.store);
  const wf = own(area.workflows, id);
  if (!wf) throw notFound(`Unknown enrichment workflow ${id}`);
  if (wf.end) throw publicError(409, { code: 'conflict', problem: `Workflow ${id} already ended ${wf.end.status}`, retryable: false, details: { workflow_id: id } });
  if (singleRecordOnly(status) && wf.kind !== 'person') throw badField('status', `${status} ends single-person runs only; ${id} is a ${wf.kind} run`);
  if (!forceEnd(ctx.services, wf, status))
    throw badField('status', `${id} cannot end ${status}: ${status === 'completed' ? 'a row has no data to find' : 'it needs several rows, one of which finds data'}`);
  return workflowStatus(ctx.services, wf);
}

export const enrichmentControlRoutes: RouteDef[] = [
  { method: 'GET', path: '/enrichment', kind: 'control', scope: null, handler: view },
  { method: 'POST', path: '/enrichment', kind: 'control', scope: null, handler: configure },
  { method: 'POST', path: '/enrichment/outcomes', kind: 'control', scope: null, handler: queueOutcomes },
  { method: 'POST', path: '/enrichment/workflows/:workflow_id/end', kind: 'control', scope: null, handler: endNow },
];
