import * as z from 'zod/mini';
import { partnerTier, Plan, Scope } from '../api/schemas/auth.js';
import { LIST_LIMITS, LIST_VISIBILITIES, SHARE_PERMISSIONS } from '../api/schemas/lists.js';
import { MINUTE_MS } from '../api/schemas/limits.js';
import { AGENT_TYPES } from '../api/schemas/values/agents.js';
import { ENRICHMENT_TERMINAL_STATUSES, type EnrichmentTerminalStatus } from '../api/schemas/values/enrichment.js';
import { ExportColumns } from '../api/schemas/export.js';
import { SEVERAL_ROWS_ONLY, SINGLE_RECORD_ONLY } from './engine/enrichment-outcomes.js';
import type { WorkflowKind } from './engine/enrichment.js';
import { PUSH_FAILURES } from './engine/sync.js';
import { WEBHOOK_TIME_SCALE } from './engine/webhooks.js';
import { SCENARIO_NAMES, type ScenarioName } from './scenario-catalog.js';

export { FaultsBody } from './engine/faults.js';

/**
 * The request bodies of the sandbox's test controls (catalog entries in control-endpoints.ts).
 * Where a body names no organization or user, the demo ones are meant.
 */

const Credits = z.int().check(z.minimum(0));
const IsoTime = z.iso.datetime({ offset: true });
const Ms = z.optional(z.int().check(z.minimum(0), z.maximum(3_600_000)));
const OrganizationId = z.optional(z.string());

// The sandbox as a whole

/** scenario: a named scenario (scenario-catalog.ts) applied after the reset, instead of the one the sandbox started with. */
export const ResetBody = z.object({
  seed: z.optional(z.int()),
  scenario: z.optional(z.enum(SCENARIO_NAMES as [ScenarioName, ...ScenarioName[]])),
});

/** advance_ms or set_ms (not both); freeze stops the clock after the move (true) or lets it run on (false). */
export const ClockBody = z
  .object({
    advance_ms: z.optional(z.int().check(z.minimum(0))),
    set_ms: z.optional(z.int().check(z.minimum(0))),
    freeze: z.optional(z.boolean()),
  })
  .check(
    z.refine((b) => !(b.advance_ms !== undefined && b.set_ms !== undefined), { message: 'send advance_ms or set_ms, not both' }),
    z.refine((b) => b.advance_ms !== undefined || b.set_ms !== undefined || b.freeze !== undefined, {
      message: 'send advance_ms, set_ms or freeze',
    }),
  );

/** window_ms shortens the per-minute windows (whole seconds, 1-60 s) for benchmarks of paced loops. */
export const RateLimitsBody = z.object({
  enabled: z.optional(z.boolean()),
  window_ms: z.optional(z.int().check(z.minimum(1000), z.maximum(MINUTE_MS), z.multipleOf(1000))),
});

// Organizations, users, keys

export const BalanceBody = z.object({ organization_id: OrganizationId, credits: Credits });

export const PlanBody = z.object({
  organization_id: OrganizationId,
  plan: z.optional(Plan),
  partner_tier: z.optional(partnerTier()),
  trial: z.optional(z.boolean()),
});

/** Connects or disconnects a destination of an organization; a provider other than crm_one, crm_two, sequencer_one is a 400 naming them. */
export const ConnectionsBody = z.object({ organization_id: OrganizationId, provider: z.string(), connected: z.boolean() });

export const ScopesBody = z.object({ user_id: z.optional(z.string()), organization_id: OrganizationId, scopes: z.array(Scope) });

export const OrganizationBody = z.object({
  name: z.string().check(z.minLength(1), z.maxLength(200)),
  plan: z.optional(Plan),
  partner_tier: z.optional(partnerTier()),
  trial: z.optional(z.boolean()),
  credits: z.optional(Credits),
});

export const KeyBody = z.object({
  user_id: z.optional(z.string()),
  organization_id: OrganizationId,
  name: z.optional(z.string()),
  expires_at: z.optional(z.nullable(IsoTime)),
});

export const JwtBody = z.object({
  user: z.optional(z.string()),
  organization_id: OrganizationId,
  client: z.optional(z.literal('connector')),
  ttl_sec: z.optional(z.int().check(z.minimum(1))),
});

// Lists

/**
 * A list seeded as any member: visibility (default shared when shares are given, else
 * private), shares by user id or email, protected for system lists, and `people` leads
 * saved from the data set (people from_person onward, default 0). The plan's list cap is
 * not applied; the per-list contact cap is.
 */
export const SeedListBody = z.object({
  organization_id: OrganizationId,
  user_id: z.optional(z.string()),
  name: z.string().check(z.minLength(LIST_LIMITS.name.min), z.maxLength(LIST_LIMITS.name.max)),
  description: z.optional(z.nullable(z.string())),
  folder_id: z.optional(z.string()),
  visibility: z.optional(z.enum(LIST_VISIBILITIES)),
  shares: z.optional(z.record(z.string(), z.enum(SHARE_PERMISSIONS))),
  protected: z.optional(z.boolean()),
  people: z.optional(z.int().check(z.minimum(0))),
  from_person: z.optional(z.int().check(z.minimum(0))),
});

/** Overrides an organization's caps; null returns a cap to the plan's figure. */
const Cap = z.optional(z.nullable(z.int().check(z.minimum(0))));
export const ListCapsBody = z.object({ organization_id: OrganizationId, lists: Cap, leads_per_list: Cap });

export const GenerateLeadsBody = z.object({
  count: z.int().check(z.minimum(1), z.maximum(1_000_000)),
  formula_rows: z.optional(z.int().check(z.minimum(0))),
  columns: z.optional(ExportColumns),
  enriched: z.optional(z.boolean()),
});

export const ImportsBody = z
  .object({ enabled: z.optional(z.boolean()), processing_ms: z.optional(z.int().check(z.minimum(0))) })
  .check(z.refine((b) => b.enabled !== undefined || b.processing_ms !== undefined, { message: 'send enabled or processing_ms' }));

export const ExportCapsBody = z
  .object({ max_files: z.optional(z.int().check(z.minimum(1))), max_bytes: z.optional(z.int().check(z.minimum(1))) })
  .check(z.refine((b) => b.max_files !== undefined || b.max_bytes !== undefined, { message: 'send max_files or max_bytes' }));

// Enrichment

/** The kinds of enrichment run an outcome may be queued for. */
export const ENRICHMENT_RUN_KINDS = ['person', 'bulk', 'by_task', 'csv_import', 'legacy'] as const satisfies readonly WorkflowKind[];

const Rate = z.optional(z.nullable(z.number().check(z.minimum(0), z.maximum(1))));
export const EnrichmentSettingsBody = z
  .object({
    hit_rates: z.optional(z.object({ email: Rate, phone: Rate, company: Rate })),
    pace: z.optional(z.object({ pending_ms: Ms, min_run_ms: Ms, row_ms: Ms })),
  })
  .check(z.refine((b) => b.hit_rates !== undefined || b.pace !== undefined, { message: 'send hit_rates or pace' }));

export const singleRecordOnly = (status: EnrichmentTerminalStatus): boolean => SINGLE_RECORD_ONLY.includes(status);

export const OutcomesBody = z
  .object({
    status: z.enum(ENRICHMENT_TERMINAL_STATUSES),
    count: z.optional(z.int().check(z.minimum(1), z.maximum(1000))),
    kinds: z.optional(z.array(z.enum(ENRICHMENT_RUN_KINDS)).check(z.minLength(1))),
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

export const EndWorkflowBody = z.object({ status: z.enum(ENRICHMENT_TERMINAL_STATUSES) });

// Smart agents

export const AgentSettingsBody = z.object({
  pace: z.optional(z.object({ pending_ms: Ms, row_ms: Ms })),
  fail_next: z.optional(z.int().check(z.minimum(0), z.maximum(1000))),
  unavailable: z.optional(z.array(z.enum(AGENT_TYPES))),
});

export const NewTemplateBody = z.object({
  organization_id: OrganizationId,
  name: z.string().check(z.minLength(1)),
  subject: z.string().check(z.minLength(1)),
  body: z.string().check(z.minLength(1)),
  is_active: z.optional(z.boolean()),
  is_default: z.optional(z.boolean()),
});

export const TemplateChangeBody = z.object({
  organization_id: OrganizationId,
  is_active: z.optional(z.boolean()),
  is_default: z.optional(z.boolean()),
});

/** The organization a read control looks at (query parameter; the demo one when absent). */
export const OrganizationQuery = z.object({ organization_id: OrganizationId });

// Sync and webhooks

export const SyncFailuresBody = z.object({
  organization_id: OrganizationId,
  /** Only pushes to this destination fail; any destination when absent. */
  provider: z.optional(z.string()),
  count: z.optional(z.int().check(z.minimum(1), z.maximum(100))),
  /** whole_push (default): 502 internal_error, refunded; status_failed: status failed, every lead sent refused, charged. */
  outcome: z.optional(z.enum(PUSH_FAILURES)),
});

export const WebhooksBody = z.object({ time_scale: z.number().check(z.gte(WEBHOOK_TIME_SCALE.min), z.lte(WEBHOOK_TIME_SCALE.max)) });
