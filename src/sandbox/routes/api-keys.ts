import { UUID_PATTERN } from '../../api/schemas/lists.js';
import {
  KEY_REQUESTS_LIMITS,
  MAX_ACTIVE_KEYS_PER_USER,
  type CreatedKey,
  type KeyRequestRow,
  type ManagedKey,
  type RevokeAllResult,
  type V2Key,
  type V2KeyList,
} from '../../api/schemas/keys.js';
import type { RouteDef } from '../router.js';
import { API } from '../../api/endpoints/index.js';
import type { RequestContext } from '../context.js';
import type { ApiKeyRecord } from '../store.js';
import { genericError, notFound, validationError } from '../engine/errors.js';
import { badField, queryInt, entryBody } from '../engine/validation.js';
import { keyUsable } from '../engine/auth.js';

const managedKey = (k: ApiKeyRecord): ManagedKey => ({
  id: k.id,
  name: k.name,
  key_prefix: k.key_prefix,
  key_last4: k.key_last4,
  created_at: k.created_at,
  expires_at: k.expires_at,
  last_used_at: k.last_used_at,
  request_count: k.request_count,
  is_active: k.is_active,
});

/** The organization's keys (every member's, active and revoked), newest first. */
function keysOfOrganization(ctx: RequestContext): ApiKeyRecord[] {
  const keys = ctx.store.apiKeysOf({ organizationId: ctx.caller.organization.id }).reverse();
  return keys.sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at));
}

function createKey(ctx: RequestContext): CreatedKey {
  const p = ctx.caller;
  const b = entryBody(API.keys.create, ctx.body);
  const now = ctx.clock.now();
  const expires_at = b.expires_at ? new Date(b.expires_at).toISOString() : null;
  if (expires_at !== null && Date.parse(expires_at) <= now)
    throw badField('expires_at', `expires_at must be in the future (now ${ctx.clock.iso()})`);
  // An expired key can no longer be used, so it does not hold one of the user's 10 places.
  const active = ctx.store.apiKeysOf({ organizationId: p.organization.id, userId: p.user.id }).filter((k) => keyUsable(k, now)).length;
  if (active >= MAX_ACTIVE_KEYS_PER_USER)
    throw genericError(
      400,
      'BAD_REQUEST',
      `Maximum active keys reached: ${MAX_ACTIVE_KEYS_PER_USER} active API keys per user per organization. Revoke a key before creating another.`,
      { error: 'max_active_keys_reached', limit: MAX_ACTIVE_KEYS_PER_USER, active },
    );
  const { record, secret } = ctx.store.createApiKey({
    user_id: p.user.id,
    organization_id: p.organization.id,
    ...(b.name ? { name: b.name } : {}),
    expires_at,
  });
  const { id, name, key_prefix, key_last4, created_at } = record;
  return { api_key: secret, created_at, expires_at: record.expires_at, id, name, key_prefix, key_last4 };
}

/** The key named by the path: 422 when not a UUID, 404 when unknown or another organization's. */
function keyInPath(ctx: RequestContext): ApiKeyRecord {
  const id = ctx.params.key_id ?? '';
  if (!UUID_PATTERN.test(id))
    throw validationError(
      [{ type: 'uuid_parsing', loc: ['path', 'key_id'], msg: 'Input should be a valid UUID' }],
      422,
      'The path parameters failed validation',
    );
  const k = ctx.store.apiKey(id);
  if (!k || k.organization_id !== ctx.caller.organization.id) throw notFound(`API key ${id} not found`);
  return k;
}

/**
 * Revoking is final and idempotent: an already revoked key answers 200 as it is, so a client
 * that lost the first answer can send the revoke again. A member revokes their own keys; an
 * owner any key of the organization.
 */
function revokeKey(ctx: RequestContext): ManagedKey {
  const p = ctx.caller;
  const k = keyInPath(ctx);
  if (k.user_id !== p.user.id && p.membership.role !== 'owner')
    throw genericError(403, 'PERMISSION_DENIED', "Only the key's owner or an organization owner can revoke this API key");
  return managedKey(ctx.store.revokeApiKey(k.id) ?? k);
}

function revokeAll(ctx: RequestContext): RevokeAllResult {
  const p = ctx.caller;
  const active = ctx.store.apiKeysOf({ organizationId: p.organization.id, userId: p.user.id }).filter((k) => k.is_active);
  for (const k of active) ctx.store.revokeApiKey(k.id);
  const n = active.length;
  return { success: true, message: `Revoked ${n} active API key${n === 1 ? '' : 's'}`, revoked_count: n };
}

function keyRequests(ctx: RequestContext): KeyRequestRow[] {
  const k = keyInPath(ctx);
  const limit = queryInt(ctx.query, 'limit', KEY_REQUESTS_LIMITS.limit);
  return ctx.services.requestLog
    .list({ organizationId: k.organization_id, keyId: k.id, limit })
    .map(({ id, method, path, status_code, duration_ms, ip_address, user_agent, created_at }) => ({
      id,
      method,
      path,
      status_code,
      duration_ms,
      ip_address,
      user_agent,
      created_at,
    }));
}

function v2Keys(ctx: RequestContext): V2KeyList {
  const orgId = ctx.caller.organization.id;
  const keys = keysOfOrganization(ctx).map((k): V2Key => ({
    key_id: k.id,
    key_prefix: k.key_prefix,
    key_last4: k.key_last4,
    name: k.name,
    scopes: ctx.store.membership(k.user_id, orgId)?.scopes ?? [],
    created_at: k.created_at,
    last_used_at: k.last_used_at,
    is_active: k.is_active,
  }));
  return { keys };
}

export const apiKeyRoutes: RouteDef[] = [
  { endpoint: API.keys.create, handler: createKey },
  { endpoint: API.keys.list, handler: (ctx) => keysOfOrganization(ctx).map(managedKey) },
  { endpoint: API.keys.revokeAll, handler: revokeAll },
  { endpoint: API.keys.revoke, handler: revokeKey },
  { endpoint: API.keys.requests, handler: keyRequests },
  { endpoint: API.keys.listV2, handler: v2Keys },
];
