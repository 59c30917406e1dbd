import type { SandboxServices } from './context.js';
import type { OrganizationRecord } from './store.js';
import { applicableRows, windowOf } from './engine/rate-limits.js';
import { enrichmentArea } from './engine/enrichment.js';
import { queueSyncFailures } from './engine/sync.js';
import { mintQuote } from './engine/quotes.js';
import { mintCohort } from './engine/cohorts.js';
import { createSignedCsv, exportColumns } from './engine/export.js';
import { seedList } from './seed-list.js';
import type { ScenarioName } from './scenario-catalog.js';

/**
 * Applies a named scenario (scenario-catalog.ts says what each sets and lets a test check) to
 * the demo organization, through the state the test controls set: balance, rate counters,
 * enrichment hit rates, queued sync failures, and for expired-links things made on a clock
 * set 25 hours back. Applied at start (after listening: links need the URL) and after a reset.
 */

/** What the scenario area of the state holds: the scenario applied and, for expired-links, what it made. */
export interface ScenarioState {
  name: ScenarioName;
  expired?: { download_url: string; quote_id: string; task_id: string };
}

const EXPIRED_AGO_MS = 25 * 3_600_000;
const HALF = 0.5;
/** The most sync failures one queue call takes (control-bodies.ts, SyncFailuresBody). */
const REFUSED_PUSHES = 100;

type Apply = (services: SandboxServices, org: OrganizationRecord) => Omit<ScenarioState, 'name'> | void;

const APPLY: Record<ScenarioName, Apply> = {
  'out-of-credits': (_s, org) => {
    org.credits = 0;
  },
  'daily-quota-spent': ({ store, clock }, org) => {
    const nowMs = clock.now();
    const request = {
      organizationId: org.id,
      keyId: store.demo.key_id,
      connector: false,
      partnerLicenseOnly: false,
      routeKind: 'v2',
      counts: 'people_search',
      nowMs,
    } as const;
    for (const row of applicableRows(request).filter((r) => r.scope === 'organization_people_search'))
      store.state.rate_counters[row.key] = { window: windowOf(row.window, nowMs).index, count: row.limit };
  },
  'half-failed-enrichment': ({ store }) => {
    enrichmentArea(store).settings.hit_rates = { email: HALF, phone: HALF, company: HALF };
  },
  'crm-refusals': ({ store }, org) => {
    queueSyncFailures(store, { organization_id: org.id, provider: null, outcome: 'status_failed' }, REFUSED_PUSHES);
  },
  'expired-links': (services, org) => {
    const { store, clock } = services;
    const offset = clock.offsetMs;
    clock.offsetMs -= EXPIRED_AGO_MS;
    try {
      const owner = store.user(store.demo.user_id)!;
      const list = seedList(services, org, owner, { name: 'Expired export (scenario)', people: 3 });
      const link = createSignedCsv(services, list, exportColumns(list, undefined, false));
      const quote = mintQuote(store, clock, { organizationId: org.id, tool: 'enrich_list', filterHash: '', rows: 3, cost: 3 });
      const cohort = mintCohort(services, { organizationId: org.id, entityKind: 'person', ids: [], source: 'scenario' });
      return { expired: { download_url: link.download_url, quote_id: quote.quote_id, task_id: cohort.task_id } };
    } finally {
      clock.offsetMs = offset;
    }
  },
};

export function applyScenario(services: SandboxServices, name: ScenarioName): void {
  const { store } = services;
  const state: ScenarioState = { name, ...APPLY[name](services, store.organization(store.demo.organization_id)!) };
  store.state.areas['scenario'] = state;
}

/** The scenario applied since the last start or reset, or null. */
export function scenarioOf(services: Pick<SandboxServices, 'store'>): ScenarioState | null {
  return (services.store.state.areas['scenario'] as ScenarioState | undefined) ?? null;
}
