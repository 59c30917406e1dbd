import type { OrganizationRecord } from '../store.js';
import { fnv1aRaw as fnv1a } from '../data/prng.js';

/**
 * Connected destinations (CRMs, sequencers) of an organization, set with the
 * /__sandbox/connections control, and which people a connected CRM already holds.
 */

export function isConnected(org: OrganizationRecord, provider: string): boolean {
  return org.connected_providers?.includes(provider) ?? false;
}

/** Connects or disconnects a provider; returns the organization's connected providers. */
export function setConnected(org: OrganizationRecord, provider: string, connected: boolean): string[] {
  const set = new Set(org.connected_providers ?? []);
  if (connected) set.add(provider);
  else set.delete(provider);
  org.connected_providers = [...set].sort();
  return org.connected_providers;
}

/** Share of people, in thousandths, that a CRM holds. */
const CRM_SHARE_PER_MILLE = 50;


/** Whether a CRM already holds a person: a fixed ~5 % of people per provider, the same for every organization. */
export function inCrm(provider: string, leadId: string): boolean {
  return fnv1a(`${provider}\u0000${leadId}`) % 1000 < CRM_SHARE_PER_MILLE;
}
