import { SCOPES } from '../api/schemas/auth.js';
import type { SandboxServices } from './context.js';
import type { UserRecord } from './store.js';
import { setConnected } from './engine/connections.js';
import { seedList } from './seed-list.js';
import { FixturesError, fieldPath } from './fixtures-error.js';
import type { Fixtures } from './fixtures.js';

/**
 * Adds the fixtures' organizations, users, keys and lists to the store, beside the seeded demo
 * data. Ids come from the store's sequence, so the same file on the same seed gives the same
 * ids on every start and after every reset.
 */
export function loadFixtures(services: SandboxServices, fixtures: Fixtures, source = 'fixtures'): void {
  const { store, clock } = services;
  const now = clock.iso();
  (fixtures.organizations ?? []).forEach((o, i) => {
    const org = store.addOrganization(o);
    for (const provider of o.connected_providers ?? []) setConnected(org, provider, true, now);
    const users = new Map<string, UserRecord>();
    (o.users ?? []).forEach((u, j) => {
      const user = store.addUser(org.id, {
        email: u.email,
        name: u.name ?? null,
        role: u.role ?? (j === 0 ? 'owner' : 'member'),
        scopes: u.scopes ?? SCOPES,
      });
      users.set(u.email.toLowerCase(), user);
      for (const k of u.api_keys ?? []) {
        const { record } = store.createApiKey({
          user_id: user.id,
          organization_id: org.id,
          name: k.name ?? 'Fixture key',
          secret: k.secret,
          expires_at: k.expires_at ? new Date(k.expires_at).toISOString() : null,
        });
        if (k.revoked) store.revokeApiKey(record.id);
      }
    });
    const firstUser = [...users.values()][0]!;
    (o.lists ?? []).forEach((l, j) => {
      const { owner, shares, leads, ...list } = l;
      try {
        seedList(services, org, owner ? users.get(owner.toLowerCase())! : firstUser, {
          ...list,
          shares: Object.fromEntries(Object.entries(shares ?? {}).map(([email, perm]) => [users.get(email.toLowerCase())!.id, perm])),
          leads: (leads ?? []).map(({ enriched, ...lead }) => ({ ...lead, enriched_at: enriched ? now : null })),
        });
      } catch (e) {
        throw new FixturesError(source, fieldPath(['organizations', i, 'lists', j]), (e as Error).message);
      }
    });
  });
}
