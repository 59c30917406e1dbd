import type * as z from 'zod/mini';
import { endpoint, type Endpoint, type ErrorCode, type HttpMethod, type QueryParam } from '../api/endpoints/endpoint.js';
import * as B from './control-bodies.js';
import * as A from './control-answers.js';
import { EnrichmentStatusResponse } from '../api/schemas/enrichment.js';
import { SnapshotBody, StateFile } from './state-file.js';

/**
 * The sandbox's test controls, one catalog entry each: what they take, what they answer, and
 * what they do. They answer under /__sandbox without credentials, to loopback callers only.
 * The routes in routes/controls*.ts pair each entry with its handler; the typed client of
 * `prospect-cli/sandbox` (control-client.ts) is derived from the same entries.
 */

/** A control entry: the path and query stay literal types, so the typed client knows their names. */
export type ControlEndpoint<
  M extends HttpMethod = HttpMethod,
  P extends string = string,
  Bd extends z.ZodMiniType | undefined = z.ZodMiniType | undefined,
  R extends z.ZodMiniType | undefined = z.ZodMiniType | undefined,
  Q extends readonly QueryParam[] = readonly QueryParam[],
> = Endpoint<Bd, R> & { readonly method: M; readonly path: P; readonly query?: Q };

interface ControlSpec<M, P, Bd, R, Q> {
  method: M;
  path: P;
  summary: string;
  description: string;
  body?: Bd;
  response: R;
  query?: Q;
  errors?: Partial<Record<number, readonly ErrorCode[]>>;
  idempotent: boolean;
}

function control<
  const M extends HttpMethod,
  const P extends string,
  const R extends z.ZodMiniType,
  const Bd extends z.ZodMiniType | undefined = undefined,
  const Q extends readonly QueryParam[] = readonly [],
>(id: string, spec: ControlSpec<M, P, Bd, R, Q>): ControlEndpoint<M, P, Bd, R, Q> {
  // A body with a field its schema does not name is refused (pipeline.ts), whatever the control.
  const errors = spec.body
    ? { ...spec.errors, 400: [...new Set([...(spec.errors?.[400] ?? []), 'validation_error' as const])] }
    : spec.errors;
  return endpoint({ id, kind: 'control', scope: null, ...spec, ...(errors ? { errors } : {}) }) as ControlEndpoint<M, P, Bd, R, Q>;
}

const organizationParam = {
  name: 'organization_id',
  description: 'The organization to look at; the demo organization when absent.',
  schema: { type: 'string' },
} as const satisfies QueryParam;

const NOT_FOUND = { 404: ['RESOURCE_NOT_FOUND'] } as const;
const BAD_BODY = { 422: ['validation_error'] } as const;
const BAD_BODY_OR_NOT_FOUND = { ...NOT_FOUND, ...BAD_BODY } as const;

export const CONTROL = {
  reset: control('sandbox.reset', {
    method: 'POST',
    path: '/reset',
    summary: 'Reset the sandbox',
    description:
      'Puts the sandbox back to its seeded state, with the fixtures it was started with: organizations, users, balances, plans, keys, lists and jobs as seeded; the clock back to real time and running; faults, rate-limit counters and switched-off rate limits cleared. The demo key and the JWT signing secret survive, so keys and session tokens handed out at start keep working. `seed` reseeds with another data set; `scenario` applies that named scenario (out-of-credits, daily-quota-spent, half-failed-enrichment, crm-refusals, expired-links; docs/sandbox-fixtures.md) instead of the one the sandbox started with, if any. Answers the state summary.',
    body: B.ResetBody,
    response: A.SandboxSummary,
    errors: BAD_BODY,
    idempotent: true,
  }),
  state: control('sandbox.state', {
    method: 'GET',
    path: '/state',
    summary: 'What the sandbox holds',
    description:
      'A summary of the sandbox state: seed, clock, the demo identity, every organization with its members, every API key (never a secret), how many request log rows and fault rules there are, whether rate limits apply, and which areas (lists, enrichment, ...) have state.',
    response: A.SandboxSummary,
    idempotent: true,
  }),
  snapshot: {
    save: control('sandbox.snapshot.save', {
      method: 'GET',
      path: '/snapshot',
      summary: 'Save the whole sandbox state',
      description:
        'The whole sandbox state, as a `--state` file holds it: organizations, keys (the demo key the only secret), lists, runs, quotes, handles, counters, the request log, and the clock as an absolute time with whether it is frozen. Loading it (`prospect sandbox snapshot load`, or `startSandbox({ snapshot })`) continues from exactly there. Faults are not part of it.',
      response: StateFile,
      idempotent: true,
    }),
    load: control('sandbox.snapshot.load', {
      method: 'POST',
      path: '/snapshot',
      summary: 'Load a saved sandbox state',
      description:
        'Replaces the whole sandbox state with a snapshot (a file of `prospect sandbox snapshot save`, or a `--state` file): the clock goes back to its saved time, frozen or running on from it, so quotes and handles keep their remaining life. Faults and pending webhook deliveries are cleared. Answers the state summary.',
      body: SnapshotBody,
      response: A.SandboxSummary,
      errors: BAD_BODY,
      idempotent: true,
    }),
  },
  clock: {
    get: control('sandbox.clock.get', {
      method: 'GET',
      path: '/clock',
      summary: 'Read the sandbox clock',
      description:
        'The sandbox clock: its time, its offset from the machine clock, and whether it is frozen. Async work, quotes, rate-limit windows and export links all follow this clock.',
      response: A.ClockView,
      idempotent: true,
    }),
    set: control('sandbox.clock.set', {
      method: 'POST',
      path: '/clock',
      summary: 'Move, set or freeze the sandbox clock',
      description:
        'Moves the sandbox clock forward by `advance_ms`, or sets it to `set_ms` (milliseconds since 1970), and with `freeze` stops it (true) or lets it run on (false). Running jobs progress by the time moved, quotes and links age, and rate-limit windows roll over, without waiting. A frozen clock stops exactly where it was set. Moving it twice moves it twice.',
      body: B.ClockBody,
      response: A.ClockView,
      errors: BAD_BODY,
      idempotent: false,
    }),
  },
  balance: {
    set: control('sandbox.balance.set', {
      method: 'POST',
      path: '/balance',
      summary: 'Set an organization’s credit balance',
      description:
        'Sets the spendable balance of an organization (the demo one by default) to a whole number of credits, e.g. 0 to see paid calls refused with insufficient_credits.',
      body: B.BalanceBody,
      response: A.BalanceView,
      errors: BAD_BODY_OR_NOT_FOUND,
      idempotent: true,
    }),
  },
  plan: {
    set: control('sandbox.plan.set', {
      method: 'POST',
      path: '/plan',
      summary: 'Set an organization’s plan, partner tier or trial',
      description:
        'Changes the plan, partner tier or trial flag of an organization (the demo one by default): plan gating, list caps and rate limits follow at once. Answers the organization as stored.',
      body: B.PlanBody,
      response: A.Organization,
      errors: BAD_BODY_OR_NOT_FOUND,
      idempotent: true,
    }),
  },
  connections: {
    set: control('sandbox.connections.set', {
      method: 'POST',
      path: '/connections',
      summary: 'Connect or disconnect a sync destination',
      description:
        'Connects or disconnects a destination (crm_one, crm_two, sequencer_one) of an organization, the demo one by default; syncs to a disconnected destination are refused. Answers the destinations now connected.',
      body: B.ConnectionsBody,
      response: A.ConnectionsView,
      errors: BAD_BODY_OR_NOT_FOUND,
      idempotent: true,
    }),
  },
  scopes: {
    set: control('sandbox.scopes.set', {
      method: 'POST',
      path: '/scopes',
      summary: 'Set a user’s scopes in an organization',
      description:
        'Replaces the scopes a user holds in an organization (default: the demo owner). Their keys carry them at once, so a call that needs a scope taken away answers 403 insufficient_scope.',
      body: B.ScopesBody,
      response: A.ScopesView,
      errors: BAD_BODY_OR_NOT_FOUND,
      idempotent: true,
    }),
  },
  organizations: {
    create: control('sandbox.organizations.create', {
      method: 'POST',
      path: '/organizations',
      summary: 'Create an organization with an owner and a key',
      description:
        'Creates an organization (plan pro, 0 credits, no trial unless given) with one owner holding every scope, and an API key for that owner. Answers the ids and the key’s secret, shown only here.',
      body: B.OrganizationBody,
      response: A.NewOrganization,
      errors: BAD_BODY,
      idempotent: false,
    }),
  },
  keys: {
    create: control('sandbox.keys.create', {
      method: 'POST',
      path: '/keys',
      summary: 'Create an API key',
      description:
        'Creates an API key for a user in an organization (default: the demo owner), optionally expiring, without the 10-key limit or a session JWT. Answers the key with its secret.',
      body: B.KeyBody,
      response: A.NewKey,
      errors: BAD_BODY_OR_NOT_FOUND,
      idempotent: false,
    }),
    revoke: control('sandbox.keys.revoke', {
      method: 'POST',
      path: '/keys/:key_id/revoke',
      summary: 'Revoke an API key',
      description: 'Revokes a key by id; calls with it answer 401 from then on. Revoking a revoked key changes nothing.',
      response: A.KeyRecord,
      errors: NOT_FOUND,
      idempotent: true,
    }),
  },
  jwt: {
    create: control('sandbox.jwt.create', {
      method: 'POST',
      path: '/jwt',
      summary: 'Mint a session JWT',
      description:
        'Mints a session JWT for a user (id or email; default the demo owner) in one of their organizations, for key management; with client "connector", an OAuth connector token instead. Valid ttl_sec seconds of sandbox time (default 3600). Changes no state.',
      body: B.JwtBody,
      response: A.SessionJwt,
      errors: BAD_BODY_OR_NOT_FOUND,
      idempotent: true,
    }),
  },
  requests: {
    list: control('sandbox.requests.list', {
      method: 'GET',
      path: '/requests',
      summary: 'The request log',
      description:
        'The rows of the request log (what GET /usage and the key request history read), newest last, optionally of one organization or key, the last `limit` rows.',
      query: [
        organizationParam,
        { name: 'key_id', description: 'Only the requests made with this key.', schema: { type: 'string' } },
        { name: 'limit', description: 'At most this many rows, the newest.', schema: { type: 'integer', minimum: 1 } },
      ],
      response: A.RequestLogRows,
      idempotent: true,
    }),
  },
  lists: {
    create: control('sandbox.lists.create', {
      method: 'POST',
      path: '/lists',
      summary: 'Seed a list',
      description:
        'Creates a list as any member of an organization (default: the demo owner), with visibility, shares (by user id or email), the protected flag of system lists, and `people` leads saved from the synthetic data set (from person `from_person`). The plan’s list cap is not applied; the per-list contact cap is.',
      body: B.SeedListBody,
      response: A.SeededList,
      errors: { ...BAD_BODY_OR_NOT_FOUND, 403: ['lead_cap_reached'] },
      idempotent: false,
    }),
    generate: control('sandbox.lists.generate', {
      method: 'POST',
      path: '/lists/:list_id/generate',
      summary: 'Fill a list with synthetic leads',
      description:
        'Appends `count` deterministic synthetic leads to any list, with no caps (about a second for 100,000): `formula_rows` gives the first leads formula-looking text, `columns` fills list columns as smart-agent output, `enriched: false` leaves email and phone empty.',
      body: B.GenerateLeadsBody,
      response: A.GeneratedLeads,
      errors: BAD_BODY_OR_NOT_FOUND,
      idempotent: false,
    }),
  },
  caps: {
    set: control('sandbox.caps.set', {
      method: 'POST',
      path: '/caps',
      summary: 'Override an organization’s list caps',
      description:
        'Overrides how many lists an organization may have and how many leads a list may hold (null returns a cap to the plan’s figure), to reach list_cap_reached and lead_cap_reached quickly.',
      body: B.ListCapsBody,
      response: A.ListCapsView,
      errors: BAD_BODY_OR_NOT_FOUND,
      idempotent: true,
    }),
  },
  rateLimits: {
    set: control('sandbox.rateLimits.set', {
      method: 'POST',
      path: '/rate-limits',
      summary: 'Switch rate limits or shorten their windows',
      description:
        'Switches rate limiting off (nothing counted) or back on, or shortens the per-minute windows (whole seconds) for benchmarks of paced loops, until the next reset.',
      body: B.RateLimitsBody,
      response: A.RateLimitsView,
      errors: BAD_BODY,
      idempotent: true,
    }),
  },
  faults: {
    list: control('sandbox.faults.list', {
      method: 'GET',
      path: '/faults',
      summary: 'The fault rules',
      description: 'The fault rules in force, each with how many requests it matched and how many it changed.',
      response: A.FaultRules,
      idempotent: true,
    }),
    add: control('sandbox.faults.add', {
      method: 'POST',
      path: '/faults',
      summary: 'Inject faults',
      description:
        'Adds fault rules, applied to requests outside /__sandbox: `latency` (delay, then go on), `status` (answer an error in the service’s shape), `drop` (close the connection without an answer) or `rate_limit` (a 429 with Retry-After), for requests whose path holds `path` (`*` for any run of characters) and of `method`, `count` times after letting `after` through. With phase "after" the request is handled first and its answer lost or replaced. Adding a rule twice adds two.',
      body: B.FaultsBody,
      response: A.FaultRules,
      errors: BAD_BODY,
      idempotent: false,
    }),
    clear: control('sandbox.faults.clear', {
      method: 'DELETE',
      path: '/faults',
      summary: 'Remove every fault rule',
      description: 'Removes every fault rule; requests are answered normally again.',
      response: A.FaultRules,
      idempotent: true,
    }),
  },
  enrichment: {
    get: control('sandbox.enrichment.get', {
      method: 'GET',
      path: '/enrichment',
      summary: 'Enrichment settings and running runs',
      description:
        'The enrichment settings (provider hit rates, the pace of runs, the terminal states queued for the next runs) and the runs not yet ended, each with its status.',
      response: A.EnrichmentView,
      idempotent: true,
    }),
    set: control('sandbox.enrichment.set', {
      method: 'POST',
      path: '/enrichment',
      summary: 'Set enrichment hit rates and pace',
      description:
        'Sets the share of people whose email or phone the provider waterfall finds and of companies found (null: the providers’ own), and the pace of runs on the sandbox clock (pending_ms before a run starts, min_run_ms at least, row_ms a row), until the next reset.',
      body: B.EnrichmentSettingsBody,
      response: A.EnrichmentView,
      errors: BAD_BODY,
      idempotent: true,
    }),
    outcomes: control('sandbox.enrichment.outcomes', {
      method: 'POST',
      path: '/enrichment/outcomes',
      summary: 'Queue how the next enrichment runs end',
      description:
        'Queues a terminal state (completed, completed_with_errors, failed, canceled, terminated) for the next `count` runs, optionally of some kinds only; each run started takes the first that fits and its rows are shaped so its counts agree (a failed run charges nothing, completed_with_errors charges only found rows). Queuing twice queues twice.',
      body: B.OutcomesBody,
      response: A.QueuedOutcomes,
      errors: BAD_BODY,
      idempotent: false,
    }),
    end: control('sandbox.enrichment.end', {
      method: 'POST',
      path: '/enrichment/workflows/:workflow_id/end',
      summary: 'End a running enrichment run now',
      description:
        'Ends a running enrichment run now in the given terminal state, settling its charge and refund as that end would. A run that already ended answers 409.',
      body: B.EndWorkflowBody,
      response: EnrichmentStatusResponse,
      errors: { ...BAD_BODY_OR_NOT_FOUND, 409: ['conflict'] },
      idempotent: false,
    }),
  },
  agents: {
    get: control('sandbox.agents.get', {
      method: 'GET',
      path: '/smart-agents',
      summary: 'Smart agent settings and running runs',
      description:
        'The smart agent settings (pace of runs, how many of the next runs fail, agent types switched off) and the task ids of runs not yet ended.',
      response: A.AgentsView,
      idempotent: true,
    }),
    set: control('sandbox.agents.set', {
      method: 'POST',
      path: '/smart-agents',
      summary: 'Set smart agent pace, failures and availability',
      description:
        'Sets the pace of agent runs on the sandbox clock, how many of the next runs fail as a whole (`fail_next`), and which agent types are switched off (501 feature_not_available), until the next reset.',
      body: B.AgentSettingsBody,
      response: A.AgentsView,
      errors: BAD_BODY,
      idempotent: true,
    }),
  },
  emailTemplates: {
    list: control('sandbox.emailTemplates.list', {
      method: 'GET',
      path: '/email-templates',
      summary: 'An organization’s email templates',
      description:
        'The email templates of an organization (the demo one by default) that the email-writing agent uses; every organization starts with one default template.',
      query: [organizationParam],
      response: A.EmailTemplates,
      errors: NOT_FOUND,
      idempotent: true,
    }),
    create: control('sandbox.emailTemplates.create', {
      method: 'POST',
      path: '/email-templates',
      summary: 'Add an email template',
      description: 'Adds an email template to an organization, active unless told otherwise, and makes it the default with `is_default`.',
      body: B.NewTemplateBody,
      response: A.EmailTemplate,
      errors: BAD_BODY_OR_NOT_FOUND,
      idempotent: false,
    }),
    update: control('sandbox.emailTemplates.update', {
      method: 'POST',
      path: '/email-templates/:template_id',
      summary: 'Activate, deactivate or make default an email template',
      description:
        'Activates or deactivates an email template, or makes it the default (`default` as template_id names the current default).',
      body: B.TemplateChangeBody,
      response: A.EmailTemplate,
      errors: BAD_BODY_OR_NOT_FOUND,
      idempotent: true,
    }),
  },
  imports: {
    get: control('sandbox.imports.get', {
      method: 'GET',
      path: '/imports',
      summary: 'CSV import settings',
      description: 'Whether CSV imports are on, and how long a list stays busy after an import.',
      response: A.ImportsView,
      idempotent: true,
    }),
    set: control('sandbox.imports.set', {
      method: 'POST',
      path: '/imports',
      summary: 'Switch CSV imports off or keep lists busy',
      description:
        '`enabled: false` switches CSV imports off for maintenance (503 not_enabled); `processing_ms` keeps a list busy that long after each import (409 conflict meanwhile). A reset restores both.',
      body: B.ImportsBody,
      response: A.ImportsView,
      errors: BAD_BODY,
      idempotent: true,
    }),
  },
  exports: {
    get: control('sandbox.exports.get', {
      method: 'GET',
      path: '/exports',
      summary: 'Export file caps and what is kept',
      description:
        'The caps on the CSV files kept behind signed export links, and how many files and bytes are kept and how many links were dropped.',
      response: A.ExportFilesView,
      idempotent: true,
    }),
    set: control('sandbox.exports.set', {
      method: 'POST',
      path: '/exports',
      summary: 'Change the export file caps',
      description:
        'Changes how many export files and bytes are kept for signed links; files beyond the new caps are dropped at once (their links answer 404). A reset restores the defaults.',
      body: B.ExportCapsBody,
      response: A.ExportFilesView,
      errors: BAD_BODY,
      idempotent: true,
    }),
  },
  sync: {
    failures: control('sandbox.sync.failures', {
      method: 'POST',
      path: '/sync/failures',
      summary: 'Queue failures of the next sync pushes',
      description:
        'Makes the next `count` pushes of an organization (to one destination, or any) fail: whole_push answers 502, pushes nothing and refunds; status_failed answers a result with status failed, every lead sent refused, charged in full. Queuing twice queues twice.',
      body: B.SyncFailuresBody,
      response: A.SyncFailures,
      errors: BAD_BODY_OR_NOT_FOUND,
      idempotent: false,
    }),
    destinations: control('sandbox.sync.destinations', {
      method: 'GET',
      path: '/sync/destinations',
      summary: 'What each sync destination holds',
      description:
        'The records each destination of an organization now holds (by destination: crm_one/contacts, sequencer_one/<campaign_id> ...), and the syncs run.',
      query: [organizationParam],
      response: A.SyncDestinations,
      errors: NOT_FOUND,
      idempotent: true,
    }),
  },
  webhooks: {
    get: control('sandbox.webhooks.get', {
      method: 'GET',
      path: '/webhooks',
      summary: 'Webhook timing and deliveries under way',
      description: 'The time scale of webhook deliveries and how many deliveries are still under way.',
      response: A.WebhooksView,
      idempotent: true,
    }),
    set: control('sandbox.webhooks.set', {
      method: 'POST',
      path: '/webhooks',
      summary: 'Speed up webhook retries',
      description:
        '`time_scale` (0.001 to 1) multiplies the webhook timeout and the waits between attempts, so a test runs the whole retry schedule in milliseconds; a reset restores 1.',
      body: B.WebhooksBody,
      response: A.WebhooksView,
      errors: BAD_BODY,
      idempotent: true,
    }),
  },
};

/** Whether a value of the catalog tree is an entry (the rest are groups of entries). */
export function isEndpoint(v: unknown): v is Endpoint {
  return typeof v === 'object' && v !== null && 'kind' in v && 'method' in v && 'path' in v;
}

/** Every control entry, in catalog order. */
export function controlEndpoints(tree: object = CONTROL): Endpoint[] {
  return Object.values(tree).flatMap((v: unknown) =>
    isEndpoint(v) ? [v] : typeof v === 'object' && v !== null ? controlEndpoints(v) : [],
  );
}
