import type { Store } from '../store.js';

/**
 * The organization's cleanlist: the people already saved to any of its lead lists (by the
 * search row's lead_id), which criteria searches drop with exclusions.excludeInCleanlist.
 * The lists area writes it when leads are saved or removed.
 */
export type CleanlistArea = Record<string, string[]>;

export function cleanlistArea(store: Store): CleanlistArea {
  return store.area<CleanlistArea>('cleanlist', () => ({}));
}

/** The lead_ids in the organization's lists. */
export function cleanlistOf(store: Store, organizationId: string): ReadonlySet<string> {
  return new Set(cleanlistArea(store)[organizationId] ?? []);
}

/** Adds lead_ids (those already present are kept once). */
export function addToCleanlist(store: Store, organizationId: string, leadIds: readonly string[]): void {
  const area = cleanlistArea(store);
  const set = new Set(area[organizationId] ?? []);
  for (const id of leadIds) set.add(id);
  area[organizationId] = [...set];
}

/** Removes lead_ids (when no list holds them any more). */
export function removeFromCleanlist(store: Store, organizationId: string, leadIds: readonly string[]): void {
  const area = cleanlistArea(store);
  const drop = new Set(leadIds);
  area[organizationId] = (area[organizationId] ?? []).filter((id) => !drop.has(id));
}
