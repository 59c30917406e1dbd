import * as z from 'zod/mini';
import { Plan, Scope } from '../api/schemas/auth.js';
import { ListDetail } from '../api/schemas/lists.js';
import { LIST_VISIBILITIES, SHARE_PERMISSIONS } from '../api/schemas/values/lists.js';
import { EnrichmentStatusResponse } from '../api/schemas/enrichment.js';
import { SyncResult } from '../api/schemas/sync.js';
import { ManagedKey } from '../api/schemas/keys.js';
import { AGENT_TYPES } from '../api/schemas/values/agents.js';
import { ENRICHMENT_TERMINAL_STATUSES } from '../api/schemas/values/enrichment.js';
import { FaultRuleInput } from './engine/faults.js';
import { PUSH_FAILURES } from './engine/sync.js';
import { ENRICHMENT_RUN_KINDS } from './control-bodies.js';

/** The answers of the sandbox's test controls (catalog entries in control-endpoints.ts). */

const str = z.string();
const nstr = z.nullable(z.string());
const count = z.int().check(z.minimum(0));

// The sandbox as a whole

export const ClockView = z.looseObject({
  /** The sandbox's now, in milliseconds since 1970. */
  now_ms: z.number(),
  now: str,
  /** How far the sandbox clock is from the machine's. */
  offset_ms: z.number(),
  frozen: z.boolean(),
});

export const Organization = z.looseObject({
  id: str,
  name: str,
  plan: Plan,
  partner_tier: z.nullable(z.int()),
  trial: z.boolean(),
  credits: count,
  created_at: str,
  connected_providers: z.optional(z.array(str)),
});

/** A key as the sandbox keeps it, without its secret. */
export const KeyRecord = z.looseObject({ ...ManagedKey.shape, name: str, revoked_at: nstr, user_id: str, organization_id: str });

export const SandboxSummary = z.looseObject({
  ...ClockView.shape,
  seed: z.int(),
  /** The demo organization and its users (the demo key's secret is not repeated here). */
  demo: z.looseObject({
    organization_id: str,
    user_id: str,
    teammate_user_id: str,
    key_id: str,
    other_organization_id: str,
    other_user_id: str,
  }),
  organizations: z.array(
    z.looseObject({
      ...Organization.shape,
      members: z.array(
        z.looseObject({
          user_id: str,
          organization_id: str,
          role: z.enum(['owner', 'member']),
          scopes: z.array(Scope),
          email: z.optional(str),
        }),
      ),
    }),
  ),
  api_keys: z.array(KeyRecord),
  request_log_rows: count,
  faults: count,
  rate_limits_enabled: z.boolean(),
  areas: z.array(str),
  /** The scenario applied at start or by the last reset (scenario-catalog.ts), with what expired-links made; null when none. */
  scenario: z.optional(
    z.nullable(z.looseObject({ name: str, expired: z.optional(z.looseObject({ download_url: str, quote_id: str, task_id: str })) })),
  ),
});

export const RateLimitsView = z.looseObject({ enabled: z.boolean(), window_ms: z.int() });

export const FaultRules = z.looseObject({
  rules: z.array(z.looseObject({ ...FaultRuleInput.shape, id: z.int(), matched: count, applied: count })),
});

export const RequestLogRows = z.looseObject({
  requests: z.array(
    z.looseObject({
      id: str,
      organization_id: str,
      user_id: str,
      key_id: nstr,
      auth_type: z.enum(['api_key', 'session', 'oauth']),
      method: str,
      path: str,
      prefix: str,
      route: str,
      status_code: z.int(),
      duration_ms: z.number(),
      ip_address: str,
      user_agent: nstr,
      created_at: str,
      credits_spent: z.number(),
      error_code: nstr,
    }),
  ),
});

// Organizations, users, keys

export const BalanceView = z.looseObject({ organization_id: str, credits: count });
export const ConnectionsView = z.looseObject({ organization_id: str, connected_providers: z.array(str) });
export const ScopesView = z.looseObject({ user_id: str, organization_id: str, scopes: z.array(Scope) });
export const NewOrganization = z.looseObject({ organization_id: str, user_id: str, user_email: str, api_key: str, key_id: str });
export const NewKey = z.looseObject({ ...KeyRecord.shape, api_key: str });
export const SessionJwt = z.looseObject({ token: str, user_id: str, organization_id: str, expires_at: str });

// Lists

export const SeededList = z.looseObject({
  ...ListDetail.shape,
  owner_id: str,
  visibility: z.enum(LIST_VISIBILITIES),
  shares: z.record(str, z.enum(SHARE_PERMISSIONS)),
  protected: z.boolean(),
});
export const ListCapsView = z.looseObject({ organization_id: str, lists: count, leads_per_list: count });
export const GeneratedLeads = z.looseObject({
  list_id: str,
  added: count,
  first_lead_id: nstr,
  last_lead_id: nstr,
  lead_count: count,
  took_ms: z.number(),
});
export const ImportsView = z.looseObject({ enabled: z.boolean(), processing_ms: count });
export const ExportFilesView = z.looseObject({
  max_files: count,
  max_bytes: count,
  kept_files: count,
  kept_bytes: count,
  dropped_links: count,
});

// Enrichment

const Rate = z.optional(z.nullable(z.number()));
const NextOutcomes = z.array(
  z.looseObject({ status: z.enum(ENRICHMENT_TERMINAL_STATUSES), kinds: z.nullable(z.array(z.enum(ENRICHMENT_RUN_KINDS))) }),
);

export const EnrichmentView = z.looseObject({
  settings: z.looseObject({
    hit_rates: z.looseObject({ email: Rate, phone: Rate, company: Rate }),
    pace: z.looseObject({ pending_ms: count, min_run_ms: count, row_ms: count }),
    next_outcomes: NextOutcomes,
  }),
  /** Runs not yet ended, with their status as GET /enrichment/status answers it. */
  active: z.array(z.looseObject({ ...EnrichmentStatusResponse.shape, kind: z.enum(ENRICHMENT_RUN_KINDS), organization_id: str })),
});
export const QueuedOutcomes = z.looseObject({ next_outcomes: NextOutcomes });

// Smart agents

export const AgentsView = z.looseObject({
  settings: z.looseObject({
    pace: z.looseObject({ pending_ms: count, row_ms: count }),
    fail_next: count,
    unavailable: z.array(z.enum(AGENT_TYPES)),
  }),
  /** Task ids of the runs not yet ended. */
  active: z.array(str),
});
export const EmailTemplate = z.looseObject({
  template_id: str,
  organization_id: str,
  name: str,
  subject: str,
  body: str,
  is_active: z.boolean(),
  is_default: z.boolean(),
  created_at: str,
});
export const EmailTemplates = z.looseObject({ organization_id: str, templates: z.array(EmailTemplate) });

// Sync and webhooks

export const SyncFailures = z.looseObject({
  failures: z.array(z.looseObject({ organization_id: str, provider: nstr, outcome: z.enum(PUSH_FAILURES) })),
});
export const SyncDestinations = z.looseObject({
  organization_id: str,
  /** Destination (crm_one/contacts, sequencer_one/<campaign_id> ...) -> the records it holds. */
  destinations: z.record(
    str,
    z.array(z.looseObject({ lead_id: str, properties: z.record(str, str), list_id: str, workflow_id: str, pushed_at: str })),
  ),
  syncs: z.array(z.looseObject({ ...SyncResult.shape, organization_id: str, created_at: str })),
});
export const WebhooksView = z.looseObject({ time_scale: z.number(), pending_deliveries: count });
