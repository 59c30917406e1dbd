import http from 'node:http';
import https from 'node:https';
import {
  WEBHOOK_EVENT,
  WEBHOOK_POLICY,
  WEBHOOK_RESULTS_LIMIT,
  type LegacyContact,
  type WebhookDelivery,
  type WebhookPayload,
} from '../../api/schemas/legacy.js';
import type { SandboxServices } from '../context.js';
import { own, type Store } from '../store.js';
import { onWorkflowEnd, type EnrichmentWorkflow } from './enrichment.js';
import { contactStates, foundCounts, identityOf, legacyStatusOf } from './legacy-enrich.js';
import { leadOf } from './lists.js';

/**
 * The enrichment.completed webhook of v1 bulk runs, delivered as the spec's Events part
 * says: when a 'legacy' run with a webhook_url ends (in any state), its payload is POSTed
 * as JSON with no other headers; an attempt times out after 10 s, succeeds on any 2xx and
 * fails on anything else (a 3xx is not followed); up to 5 attempts, 1, 2, 4 and 8 s apart.
 * Deliveries run in real time on timers (a control scales the timeout and the waits for
 * tests); every attempt is recorded in the store, so the log is saved with the state.
 * Pending attempts are cancelled when the sandbox closes or resets.
 */

interface WebhooksArea {
  /** Attempts per workflow id, oldest first. */
  deliveries: Record<string, WebhookDelivery[]>;
  settings: { time_scale: number };
}

export const WEBHOOK_TIME_SCALE = { min: 0.001, max: 1, default: 1 } as const;

export function webhooksArea(store: Store): WebhooksArea {
  return store.area<WebhooksArea>('webhooks', () => ({ deliveries: {}, settings: { time_scale: WEBHOOK_TIME_SCALE.default } }));
}

/** The attempts made for a run, newest first. */
export function deliveriesOf(store: Store, workflowId: string, limit: number): WebhookDelivery[] {
  const all = webhooksArea(store).deliveries;
  return (own(all, workflowId) ?? []).slice(-limit).reverse();
}

/** The v1 status path of a run (where the payload points for per-contact status). */
const legacyStatusPath = (workflowId: string): string => `/api/v1/public/enrich/status?workflow_id=${encodeURIComponent(workflowId)}`;

function inputOf(sent: LegacyContact | undefined): WebhookPayload['results'][number]['input'] {
  const c = identityOf(sent ?? {});
  const full = c.first_name && c.last_name ? `${c.first_name} ${c.last_name}` : null;
  return {
    linkedin_url: c.linkedin_url,
    first_name: c.first_name,
    last_name: c.last_name,
    full_name: full,
    company_domain: c.company_domain,
    company_name: c.company_name,
  };
}

/** The payload of an ended v1 run. */
function webhookPayload(services: Pick<SandboxServices, 'store' | 'clock'>, wf: EnrichmentWorkflow): WebhookPayload {
  const end = wf.end!;
  const states = contactStates(wf, end.ended_at_ms);
  const inputs = (wf.extra.inputs as LegacyContact[] | undefined) ?? [];
  const count = (pred: (s: (typeof states)[number]) => boolean) => states.filter(pred).length;
  const missed = count((s) => s.done && s.row.outcome === 'missed');
  const throttled = count((s) => s.done && s.row.outcome === 'throttled');
  // Contacts the run never finished count as errors (could not finish; retryable).
  const errors = count((s) => !s.succeeded) - missed - throttled;
  const results = states.slice(0, WEBHOOK_RESULTS_LIMIT).map((s, i) => {
    const lead = leadOf(services.store, wf.organization_id, s.row.lead_id);
    const r = s.row;
    return {
      task_id: r.entity_id ?? '',
      status: s.succeeded ? ('completed' as const) : ('failed' as const),
      prospect_id: lead?.person_lead_id ?? r.lead_id,
      lead_id: r.lead_id,
      result: s.succeeded
        ? {
            email: r.email,
            email_status: r.email_status,
            other_emails: [],
            phones: r.phone ? [r.phone] : [],
            provider: r.provider,
            linkedin_url: r.linkedin_url,
          }
        : null,
      error: s.error,
      input: inputOf(inputs[i]),
    };
  });
  return {
    event: WEBHOOK_EVENT,
    workflow_id: wf.workflow_id,
    lead_list_id: wf.lead_list_id,
    enrichment_type: wf.enrichment_type,
    status: legacyStatusOf(end.status) as WebhookPayload['status'],
    summary: {
      total: states.length,
      successful: count((s) => s.succeeded),
      failed: missed + errors + throttled,
      missed,
      errors,
      throttled,
      ...foundCounts(states),
    },
    results,
    results_limit: WEBHOOK_RESULTS_LIMIT,
    results_truncated: states.length - results.length,
    results_endpoint: legacyStatusPath(wf.workflow_id),
    completed_at: new Date(end.ended_at_ms).toISOString(),
  };
}

// Delivery.

interface AttemptOutcome {
  delivered: boolean;
  status: number | null;
  error: string | null;
}

/** A delivery under way: the timer of its next attempt, the request of the latest one (destroyed on cancel). */
interface PendingDelivery {
  timer?: NodeJS.Timeout;
  request?: http.ClientRequest;
}

const pendingBy = new WeakMap<SandboxServices, Set<PendingDelivery>>();

function pendingOf(services: SandboxServices): Set<PendingDelivery> {
  let set = pendingBy.get(services);
  if (!set) pendingBy.set(services, (set = new Set()));
  return set;
}

export const pendingDeliveries = (services: SandboxServices): number => pendingBy.get(services)?.size ?? 0;

/** Stops every delivery under way (the sandbox closes or resets): no further attempt, nothing more recorded. */
export function cancelWebhookDeliveries(services: SandboxServices): void {
  const set = pendingBy.get(services);
  if (!set) return;
  for (const d of set) {
    clearTimeout(d.timer);
    d.request?.destroy();
  }
  set.clear();
}

const NETWORK_ERRORS: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset by the receiver',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host name lookup failed',
  EHOSTUNREACH: 'host unreachable',
};

function outcomeOfStatus(status: number, location: string | undefined): AttemptOutcome {
  if (status >= 200 && status < 300) return { delivered: true, status, error: null };
  if (status >= 300 && status < 400)
    return {
      delivered: false,
      status,
      error: `redirect not followed: the receiver answered HTTP ${status}${location ? ` to ${location}` : ''}`,
    };
  return { delivered: false, status, error: `the receiver answered HTTP ${status}` };
}

/** One POST: the receiver's status, or why there was none. Never rejects. */
function postOnce(url: string, body: string, timeoutMs: number, pending: PendingDelivery): Promise<AttemptOutcome> {
  return new Promise((resolve) => {
    // Set once the request exists; finish may run before (a request that fails to start).
    // eslint-disable-next-line prefer-const
    let timer: NodeJS.Timeout | undefined;
    let settled = false;
    const finish = (o: AttemptOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(o);
    };
    const target = new URL(url);
    const send = target.protocol === 'https:' ? https.request : http.request;
    let req: http.ClientRequest;
    try {
      req = send(target, {
        method: 'POST',
        agent: false,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      });
    } catch (e) {
      finish({ delivered: false, status: null, error: (e as Error).message });
      return;
    }
    pending.request = req;
    timer = setTimeout(() => {
      finish({ delivered: false, status: null, error: `timeout: no response within ${timeoutMs} ms` });
      req.destroy();
    }, timeoutMs);
    req.on('response', (res) => {
      res.resume();
      finish(outcomeOfStatus(res.statusCode ?? 0, res.headers.location));
    });
    req.on('error', (e: NodeJS.ErrnoException) =>
      finish({ delivered: false, status: null, error: NETWORK_ERRORS[e.code ?? ''] ?? e.message }),
    );
    req.end(body);
  });
}

/** Delivers the run's payload to its webhook_url, if it has one. */
function deliverWebhook(services: SandboxServices, wf: EnrichmentWorkflow): void {
  const url = wf.extra.webhook_url;
  if (typeof url !== 'string' || !url) return;
  const { store, clock } = services;
  const body = JSON.stringify(webhookPayload(services, wf));
  const set = pendingOf(services);
  const pending: PendingDelivery = {};
  set.add(pending);
  const attempt = async (n: number) => {
    pending.timer = undefined;
    const scale = webhooksArea(store).settings.time_scale;
    const createdAt = clock.iso();
    const t0 = performance.now();
    const outcome = await postOnce(url, body, Math.round(WEBHOOK_POLICY.timeoutMs * scale), pending);
    if (!set.has(pending)) return;
    const rows = (webhooksArea(store).deliveries[wf.workflow_id] ??= []);
    rows.push({
      id: store.nextUuid('webhook_delivery'),
      webhook_id: url,
      workflow_id: wf.workflow_id,
      event_type: WEBHOOK_EVENT,
      attempt_number: n,
      status: outcome.delivered ? 'delivered' : 'failed',
      response_status_code: outcome.status,
      error_message: outcome.error,
      duration_ms: Math.round(performance.now() - t0),
      created_at: createdAt,
    });
    const wait = WEBHOOK_POLICY.waitsMs[n - 1];
    if (outcome.delivered || n >= WEBHOOK_POLICY.attempts || wait === undefined) set.delete(pending);
    else pending.timer = setTimeout(() => void attempt(n + 1), Math.round(wait * scale));
  };
  pending.timer = setTimeout(() => void attempt(1), 0);
}

onWorkflowEnd((services, wf) => {
  if (wf.kind === 'legacy') deliverWebhook(services, wf);
});
