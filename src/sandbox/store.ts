import { randomBytes } from 'node:crypto';
import { SCOPES, type Scope, type Plan } from '../api/schemas/auth.js';
import type { SandboxClock } from './engine/clock.js';
import type { RequestLogRow } from './engine/request-log.js';
import type { RateCounters } from './engine/rate-limits.js';
import { seededId, seededUuid } from './engine/ids.js';
import { generateApiKeySecret, hashApiKey, visibleParts } from './engine/api-keys.js';
import type { DatasetSize } from './data/dataset.js';
import { everyDestinationConnected } from './engine/connections.js';

export interface OrganizationRecord {
  id: string;
  name: string;
  plan: Plan;
  partner_tier: number | null;
  trial: boolean;
  /** Spendable balance, whole credits. */
  credits: number;
  created_at: string;
  /** Destinations (crm_one, crm_two, sequencer_one) connected to the organization; absent means none. */
  connected_providers?: string[];
  /** When each connected destination was connected (ISO 8601). */
  connected_at?: Record<string, string>;
  /** Its prepaid runs need a manual refund: a run that fails as a whole keeps its reservation (pending_review). Absent: refunded at once. */
  manual_refunds?: boolean;
}

export interface UserRecord {
  id: string;
  email: string;
  name: string | null;
  created_at: string;
}

/** Scopes are granted per user per organization. */
export interface MembershipRecord {
  user_id: string;
  organization_id: string;
  role: 'owner' | 'member';
  scopes: Scope[];
}

export interface ApiKeyRecord {
  id: string;
  name: string;
  key_hash: string;
  key_prefix: string;
  key_last4: string;
  created_at: string;
  expires_at: string | null;
  last_used_at: string | null;
  request_count: number;
  is_active: boolean;
  revoked_at: string | null;
  user_id: string;
  organization_id: string;
}

/** Who the seeded data set is; tests and the CLI's --sandbox use these. */
export interface DemoIdentity {
  organization_id: string;
  user_id: string;
  teammate_user_id: string;
  key_id: string;
  /** The demo key's secret, the only secret kept (the state file is 0600; a local sandbox). */
  api_key: string;
  other_organization_id: string;
  other_user_id: string;
}

/** The whole sandbox state, JSON-serializable as a --state snapshot. */
export interface SandboxState {
  format: 'prospect-sandbox-state';
  version: 1;
  seed: number;
  /** Size of the synthetic data set; absent in older state files (then the default size). */
  dataset_size?: DatasetSize;
  /** Sequence for ids of records created after seeding. */
  seq: number;
  jwt_secret: string;
  clock_offset_ms: number;
  /** The sandbox time when saved, and whether the clock stood still: a reload goes on from there. Absent in older files (then the offset counts). */
  clock_now_ms?: number;
  clock_frozen?: boolean;
  demo: DemoIdentity;
  organizations: Record<string, OrganizationRecord>;
  users: Record<string, UserRecord>;
  memberships: MembershipRecord[];
  api_keys: Record<string, ApiKeyRecord>;
  request_log: RequestLogRow[];
  rate_counters: RateCounters;
  /** State of later areas (lists, workflows, ...), each under its own name; see Store.area. */
  areas: Record<string, unknown>;
}

/** rec[id] when rec has it as its own key (never a prototype property such as "constructor"). */
export { ownValue as own } from '../api/schemas/values/own-key.js';

export const DEMO = {
  organizationName: 'Acme Demo',
  ownerEmail: 'dana@acme.example',
  ownerName: 'Dana Demo',
  teammateEmail: 'theo@acme.example',
  teammateName: 'Theo Teammate',
  credits: 5000,
  otherOrganizationName: 'Globex',
  otherEmail: 'gina@globex.example',
  otherName: 'Gina Globex',
  otherCredits: 2500,
} as const;

/** The teammate can read but not write, which makes scope checks easy to see. */
export const TEAMMATE_SCOPES: Scope[] = [
  'people:read',
  'companies:read',
  'lists:read',
  'enrich:read',
  'smart_agents:read',
  'export:read',
  'credits:read',
];

/**
 * Users granted the full scope set before crm:read existed receive crm:read automatically.
 */
export function normalizeScopes(scopes: readonly Scope[]): Scope[] {
  const set = new Set(scopes);
  if (SCOPES.every((s) => s === 'crm:read' || set.has(s))) set.add('crm:read');
  return SCOPES.filter((s) => set.has(s));
}

export interface NewOrganization {
  name: string;
  plan?: Plan;
  partner_tier?: number | null;
  trial?: boolean;
  credits?: number;
  manual_refunds?: boolean;
}

export interface NewKey {
  user_id: string;
  organization_id: string;
  name?: string;
  expires_at?: string | null;
  /** Reuse a known secret (the demo key across resets). */
  secret?: string;
  id?: string;
}

/** Secrets that outlive a reset: the JWT signing secret and the demo key. */
export interface PreservedSecrets {
  jwt_secret: string;
  demo_api_key: string;
}

export class Store {
  private keyIndex: Map<string, string> | undefined;

  constructor(
    public state: SandboxState,
    private readonly clock: SandboxClock,
  ) {}

  /** A fresh, deterministic data set for the seed (secrets random unless preserved). */
  static seeded(seed: number, clock: SandboxClock, keep?: PreservedSecrets): Store {
    const now = clock.iso();
    const orgId = seededId('org', seed, 'org:demo');
    const ownerId = seededId('usr', seed, 'user:demo-owner');
    const mateId = seededId('usr', seed, 'user:demo-teammate');
    const otherOrgId = seededId('org', seed, 'org:other');
    const otherUserId = seededId('usr', seed, 'user:other-owner');
    const keyId = seededUuid(seed, 'key:demo');
    const state: SandboxState = {
      format: 'prospect-sandbox-state',
      version: 1,
      seed,
      seq: 0,
      jwt_secret: keep?.jwt_secret ?? randomBytes(32).toString('base64url'),
      clock_offset_ms: clock.offsetMs,
      demo: {
        organization_id: orgId,
        user_id: ownerId,
        teammate_user_id: mateId,
        key_id: keyId,
        api_key: '',
        other_organization_id: otherOrgId,
        other_user_id: otherUserId,
      },
      organizations: {},
      users: {},
      memberships: [],
      api_keys: {},
      request_log: [],
      rate_counters: {},
      areas: {},
    };
    const store = new Store(state, clock);
    const org = (id: string, name: string, credits: number): OrganizationRecord => ({
      id,
      name,
      plan: 'pro',
      partner_tier: null,
      trial: false,
      credits,
      created_at: now,
    });
    state.organizations[orgId] = { ...org(orgId, DEMO.organizationName, DEMO.credits), ...everyDestinationConnected(now) };
    state.organizations[otherOrgId] = org(otherOrgId, DEMO.otherOrganizationName, DEMO.otherCredits);
    store.addUser(orgId, { id: ownerId, email: DEMO.ownerEmail, name: DEMO.ownerName, role: 'owner', scopes: [...SCOPES] });
    store.addUser(orgId, { id: mateId, email: DEMO.teammateEmail, name: DEMO.teammateName, role: 'member', scopes: TEAMMATE_SCOPES });
    store.addUser(otherOrgId, { id: otherUserId, email: DEMO.otherEmail, name: DEMO.otherName, role: 'owner', scopes: [...SCOPES] });
    const demoKey = store.createApiKey({
      user_id: ownerId,
      organization_id: orgId,
      name: 'Demo key',
      id: keyId,
      ...(keep ? { secret: keep.demo_api_key } : {}),
    });
    state.demo.api_key = demoKey.secret;
    return store;
  }

  get seed(): number {
    return this.state.seed;
  }

  get demo(): DemoIdentity {
    return this.state.demo;
  }

  /** Replaces everything with the seeded data set, keeping the JWT secret, the demo key and the data set size. */
  reset(seed: number = this.state.seed): void {
    const fresh = Store.seeded(seed, this.clock, { jwt_secret: this.state.jwt_secret, demo_api_key: this.state.demo.api_key });
    if (this.state.dataset_size) fresh.state.dataset_size = this.state.dataset_size;
    this.state = fresh.state;
    this.keyIndex = undefined;
  }

  /** A deterministic id for a record created after seeding. */
  nextId(prefix: string, kind: string): string {
    this.state.seq += 1;
    return seededId(prefix, this.state.seed, `${kind}:${this.state.seq}`);
  }

  nextUuid(kind: string): string {
    this.state.seq += 1;
    return seededUuid(this.state.seed, `${kind}:${this.state.seq}`);
  }

  /**
   * The state of a later area (lists, workflows, ...), created on first use and saved
   * with the rest. `init` must return JSON-serializable data.
   */
  area<T>(name: string, init: () => T): T {
    if (!(name in this.state.areas)) this.state.areas[name] = init();
    return this.state.areas[name] as T;
  }

  // Organizations and users

  organization(id: string): OrganizationRecord | undefined {
    return this.state.organizations[id];
  }

  user(id: string): UserRecord | undefined {
    return this.state.users[id];
  }

  /** A user by id or by email (case-insensitive). */
  findUser(idOrEmail: string): UserRecord | undefined {
    const byId = this.state.users[idOrEmail];
    if (byId) return byId;
    const email = idOrEmail.toLowerCase();
    return Object.values(this.state.users).find((u) => u.email.toLowerCase() === email);
  }

  membership(userId: string, organizationId: string): MembershipRecord | undefined {
    return this.state.memberships.find((m) => m.user_id === userId && m.organization_id === organizationId);
  }

  membershipsOf(userId: string): MembershipRecord[] {
    return this.state.memberships.filter((m) => m.user_id === userId);
  }

  /** The owner of an organization (the first member when none is owner). */
  ownerOf(organizationId: string): UserRecord | undefined {
    const ms = this.state.memberships.filter((m) => m.organization_id === organizationId);
    const m = ms.find((x) => x.role === 'owner') ?? ms[0];
    return m ? this.user(m.user_id) : undefined;
  }

  addUser(
    organizationId: string,
    u: { id?: string; email: string; name: string | null; role?: 'owner' | 'member'; scopes?: readonly Scope[] },
  ): UserRecord {
    const id = u.id ?? this.nextId('usr', 'user');
    const user: UserRecord = { id, email: u.email, name: u.name, created_at: this.clock.iso() };
    this.state.users[id] = user;
    this.state.memberships.push({
      user_id: id,
      organization_id: organizationId,
      role: u.role ?? 'member',
      scopes: normalizeScopes(u.scopes ?? SCOPES),
    });
    return user;
  }

  /** A new organization without members: plan pro, no partner tier, no trial, 0 credits unless given. */
  addOrganization(o: NewOrganization): OrganizationRecord {
    const organization: OrganizationRecord = {
      id: this.nextId('org', 'org'),
      name: o.name,
      plan: o.plan ?? 'pro',
      partner_tier: o.partner_tier ?? null,
      trial: o.trial ?? false,
      credits: o.credits ?? 0,
      created_at: this.clock.iso(),
      ...(o.manual_refunds ? { manual_refunds: true } : {}),
    };
    this.state.organizations[organization.id] = organization;
    return organization;
  }

  /** A new organization with one owner holding every scope. */
  createOrganization(o: NewOrganization): { organization: OrganizationRecord; owner: UserRecord } {
    const organization = this.addOrganization(o);
    const slug =
      o.name
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '') || 'org';
    const owner = this.addUser(organization.id, {
      email: `owner+${this.state.seq}@${slug}.example`,
      name: `${o.name} Owner`,
      role: 'owner',
    });
    return { organization, owner };
  }

  setScopes(userId: string, organizationId: string, scopes: readonly Scope[]): MembershipRecord | undefined {
    const m = this.membership(userId, organizationId);
    if (m) m.scopes = normalizeScopes(scopes);
    return m;
  }

  // API keys

  createApiKey(k: NewKey): { record: ApiKeyRecord; secret: string } {
    const secret = k.secret ?? generateApiKeySecret();
    const record: ApiKeyRecord = {
      id: k.id ?? this.nextUuid('key'),
      name: k.name ?? 'API key',
      key_hash: hashApiKey(secret),
      ...visibleParts(secret),
      created_at: this.clock.iso(),
      expires_at: k.expires_at ?? null,
      last_used_at: null,
      request_count: 0,
      is_active: true,
      revoked_at: null,
      user_id: k.user_id,
      organization_id: k.organization_id,
    };
    this.state.api_keys[record.id] = record;
    this.keyIndex?.set(record.key_hash, record.id);
    return { record, secret };
  }

  apiKey(id: string): ApiKeyRecord | undefined {
    return this.state.api_keys[id];
  }

  /** The key record a secret hashes to, whatever its state (active, revoked, expired). */
  findKeyBySecret(secret: string): ApiKeyRecord | undefined {
    if (!this.keyIndex) {
      this.keyIndex = new Map(Object.values(this.state.api_keys).map((k) => [k.key_hash, k.id]));
    }
    const id = this.keyIndex.get(hashApiKey(secret));
    return id ? this.state.api_keys[id] : undefined;
  }

  revokeApiKey(id: string): ApiKeyRecord | undefined {
    const k = this.state.api_keys[id];
    if (k && k.is_active) {
      k.is_active = false;
      k.revoked_at = this.clock.iso();
    }
    return k;
  }

  apiKeysOf(filter: { organizationId?: string; userId?: string }): ApiKeyRecord[] {
    return Object.values(this.state.api_keys).filter(
      (k) => (!filter.organizationId || k.organization_id === filter.organizationId) && (!filter.userId || k.user_id === filter.userId),
    );
  }

  /** The state as saved in a snapshot (with the clock's time, whether it is frozen, and its offset). */
  snapshot(): SandboxState {
    const c = this.clock.saved();
    this.state.clock_offset_ms = c.offset_ms;
    this.state.clock_now_ms = c.now_ms;
    this.state.clock_frozen = c.frozen;
    return this.state;
  }

  /** Takes over a saved state (a state file or snapshot), its clock included. */
  load(state: SandboxState): void {
    this.state = state;
    this.keyIndex = undefined;
    if (state.clock_now_ms !== undefined)
      this.clock.restore({ now_ms: state.clock_now_ms, frozen: state.clock_frozen ?? false, offset_ms: state.clock_offset_ms });
    else {
      this.clock.frozen = false;
      this.clock.offsetMs = state.clock_offset_ms;
    }
  }
}
