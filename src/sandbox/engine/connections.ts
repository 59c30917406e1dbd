import type { OrganizationRecord } from '../store.js';
import { fnv1aRaw as fnv1a } from '../data/prng.js';
import { DESTINATIONS, isCrmProvider, type Destination } from '../../api/schemas/values/sync.js';
import type { DestinationConnection } from '../../api/schemas/sync.js';
import { publicError, type SandboxError } from './errors.js';
import { badField } from './validation.js';

/**
 * Connected destinations (CRMs, sequencers) of an organization, set with the
 * /__sandbox/connections control, and which people a connected CRM already holds.
 * The demo organization starts with all three connected; other organizations with none.
 */

export function isConnected(org: OrganizationRecord, provider: string): boolean {
  return org.connected_providers?.includes(provider) ?? false;
}

/** A destination named in a request, or a 400 naming the valid ones. */
export function destinationOf(v: string, field = 'provider'): Destination {
  if ((DESTINATIONS as readonly string[]).includes(v)) return v as Destination;
  throw badField(field, `${field} must be one of ${DESTINATIONS.join(', ')}; got ${JSON.stringify(v)}`);
}

/** Connects or disconnects a provider; returns the organization's connected providers. */
export function setConnected(org: OrganizationRecord, provider: Destination, connected: boolean, at: string): string[] {
  const set = new Set(org.connected_providers ?? []);
  const since = { ...org.connected_at };
  if (connected) {
    if (!set.has(provider)) since[provider] = at;
    set.add(provider);
  } else {
    set.delete(provider);
    delete since[provider];
  }
  org.connected_providers = [...set].sort();
  org.connected_at = since;
  return org.connected_providers;
}

/** What the demo organization is seeded with: every destination connected at `at`. */
export function everyDestinationConnected(at: string): Pick<OrganizationRecord, 'connected_providers' | 'connected_at'> {
  return { connected_providers: [...DESTINATIONS].sort(), connected_at: Object.fromEntries(DESTINATIONS.map((d) => [d, at])) };
}

const kindOf = (provider: Destination) => (isCrmProvider(provider) ? 'crm' : 'sequencer');

/** Every destination of the organization, connected or not (GET /migrate/crm/connections). */
export function connectionsOf(org: OrganizationRecord): DestinationConnection[] {
  return DESTINATIONS.map((provider) => {
    const connected = isConnected(org, provider);
    return {
      provider,
      kind: kindOf(provider),
      connected,
      account_name: connected ? `${org.name} (${provider})` : null,
      connected_at: connected ? (org.connected_at?.[provider] ?? org.created_at) : null,
    };
  });
}

export function providerNotConnected(org: OrganizationRecord, provider: Destination): SandboxError {
  const connected = (org.connected_providers ?? []).filter((p) => (DESTINATIONS as readonly string[]).includes(p));
  return publicError(400, {
    code: 'provider_not_connected',
    problem: `${provider} is not connected to this workspace`,
    cause: `Leads can only be pushed to a connected ${kindOf(provider) === 'crm' ? 'CRM' : 'sequencer'}. Connected now: ${connected.length ? connected.join(', ') : 'none'}.`,
    fix: `Connect ${provider} in the application under Settings > Integrations, then sync again. GET /migrate/crm/connections shows what is connected.`,
    retryable: false,
    details: { provider, connected_providers: connected },
  });
}

/** 400 provider_not_connected unless the organization has connected the destination. */
export function requireConnected(org: OrganizationRecord, provider: Destination): void {
  if (!isConnected(org, provider)) throw providerNotConnected(org, provider);
}

/** Share of people, in thousandths, that a CRM holds. */
const CRM_SHARE_PER_MILLE = 50;

/** Whether a CRM already holds a person: a fixed ~5 % of people per provider, the same for every organization. */
export function inCrm(provider: string, leadId: string): boolean {
  return fnv1a(`${provider}\u0000${leadId}`) % 1000 < CRM_SHARE_PER_MILLE;
}
