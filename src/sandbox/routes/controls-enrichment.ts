import { own } from '../store.js';
import type { RouteDef } from '../router.js';
import type { RequestContext } from '../context.js';
import { notFound, publicError } from '../engine/errors.js';
import { badField, parseBody } from '../engine/validation.js';
import { enrichmentArea, forceEnd, settleDue, workflowStatus } from '../engine/enrichment.js';
import { CONTROL } from '../control-endpoints.js';
import { EndWorkflowBody, EnrichmentSettingsBody, OutcomesBody, singleRecordOnly } from '../control-bodies.js';

/**
 * Test controls of enrichment runs: the hit rates of the provider waterfall (the share of
 * people whose email or phone is found, of companies found; null: the providers' own),
 * the pace of runs on the sandbox clock, terminal states queued for the next runs, and
 * ending a running run now (both shape the run's rows so its counts agree with the state:
 * engine/enrichment-outcomes.ts). Everything lives in the store's state: a reset restores it.
 */

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
  const b = parseBody(EnrichmentSettingsBody, ctx.body);
  const s = enrichmentArea(ctx.store).settings;
  for (const [point, rate] of Object.entries(b.hit_rates ?? {}))
    if (rate !== undefined) s.hit_rates[point as 'email' | 'phone' | 'company'] = rate;
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
  const { status } = parseBody(EndWorkflowBody, ctx.body);
  settleDue(ctx.services);
  const id = ctx.params.workflow_id ?? '';
  const area = enrichmentArea(ctx.store);
  const wf = own(area.workflows, id);
  if (!wf) throw notFound(`Unknown enrichment workflow ${id}`);
  if (wf.end)
    throw publicError(409, {
      code: 'conflict',
      problem: `Workflow ${id} already ended ${wf.end.status}`,
      retryable: false,
      details: { workflow_id: id },
    });
  if (singleRecordOnly(status) && wf.kind !== 'person')
    throw badField('status', `${status} ends single-person runs only; ${id} is a ${wf.kind} run`);
  if (!forceEnd(ctx.services, wf, status))
    throw badField(
      'status',
      `${id} cannot end ${status}: ${status === 'completed' ? 'a row has no data to find' : 'it needs several rows, one of which finds data'}`,
    );
  return workflowStatus(ctx.services, wf);
}

export const enrichmentControlRoutes: RouteDef[] = [
  { endpoint: CONTROL.enrichment.get, handler: view },
  { endpoint: CONTROL.enrichment.set, handler: configure },
  { endpoint: CONTROL.enrichment.outcomes, handler: queueOutcomes },
  { endpoint: CONTROL.enrichment.end, handler: endNow },
];
