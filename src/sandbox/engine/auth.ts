import type { IncomingHttpHeaders } from 'node:http';
import { API_KEY_PREFIX, API_KEY_PATTERN, PLANS, hasApiAccess, type Scope } from '../../api/schemas/auth.js';
import type { ApiKeyRecord, MembershipRecord, OrganizationRecord, Store, UserRecord } from '../store.js';
import { genericError, invalidCredential, notAuthenticated, publicError } from './errors.js';
import { verifyJwt } from './jwt.js';

export type AuthType = 'api_key' | 'session' | 'oauth';

/** The identified caller of a request. */
export interface Principal {
  authType: AuthType;
  user: UserRecord;
  organization: OrganizationRecord;
  membership: MembershipRecord;
  /** The API key used, or null for sessions and the connector client. */
  key: ApiKeyRecord | null;
  /** A key carries exactly its user's scopes in the organization. */
  scopes: Scope[];
  connector: boolean;
}

/** The bearer token of the Authorization header; undefined when the header is missing. */
export function bearerToken(headers: IncomingHttpHeaders): string | undefined | null {
  const h = headers.authorization;
  if (h === undefined) return undefined;
  const m = /^Bearer[ ]+(\S+)\s*$/i.exec(h);
  return m?.[1] ?? null;
}

export interface AuthOptions {
  /** false on /api/v1/api-keys, where only a session JWT is accepted (neither an API key nor a connector token). */
  acceptKeys: boolean;
  nowMs: number;
}

/** A key that still works: not revoked and not past its expires_at. */
export function keyUsable(k: Pick<ApiKeyRecord, 'is_active' | 'expires_at'>, nowMs: number): boolean {
  return k.is_active && (k.expires_at === null || Date.parse(k.expires_at) > nowMs);
}

/**
 * Resolves the caller or throws 401 AUTHENTICATION_INVALID: "Not authenticated" when the
 * header is missing, "Invalid or expired API key" for anything else that does not verify.
 */
export function authenticate(headers: IncomingHttpHeaders, store: Store, opts: AuthOptions): Principal {
  const token = bearerToken(headers);
  if (token === undefined) throw notAuthenticated();
  if (!token) throw invalidCredential();
  if (token.startsWith(API_KEY_PREFIX)) {
    if (!opts.acceptKeys || !API_KEY_PATTERN.test(token)) throw invalidCredential();
    const key = store.findKeyBySecret(token);
    if (!key || !keyUsable(key, opts.nowMs)) throw invalidCredential();
    return principalFor(store, key.user_id, key.organization_id, 'api_key', key);
  }
  const claims = verifyJwt(token, store.state.jwt_secret, opts.nowMs);
  if (!claims) throw invalidCredential();
  const connector = claims.client === 'connector';
  if (connector && !opts.acceptKeys) throw invalidCredential();
  return principalFor(store, claims.sub, claims.org, connector ? 'oauth' : 'session', null);
}

function principalFor(store: Store, userId: string, orgId: string, authType: AuthType, key: ApiKeyRecord | null): Principal {
  const user = store.user(userId);
  const organization = store.organization(orgId);
  const membership = store.membership(userId, orgId);
  if (!user || !organization || !membership) throw invalidCredential();
  return { authType, user, organization, membership, key, scopes: [...membership.scopes], connector: authType === 'oauth' };
}

const API_PLANS_TEXT = 'Pro, Enterprise, legacy Pro, legacy Scale, or a partner-license tier 5, 6 or 7';

/** 403 PERMISSION_DENIED when the organization's plan gives no API access (trial, or a plan without it). */
export function checkApiAccess(org: OrganizationRecord): void {
  const plan = { plan: org.plan, partnerTier: org.partner_tier, trial: org.trial };
  if (hasApiAccess(plan)) return;
  const current_tier = PLANS[org.plan].tier;
  if (org.trial)
    throw genericError(
      403,
      'PERMISSION_DENIED',
      `API access is not available during a trial. Upgrade to a paid plan with API access (${API_PLANS_TEXT}) to use the API.`,
      { error: 'feature_gated', feature: 'api_access', current_tier, required_tier: 'pro', trial: true },
    );
  throw genericError(
    403,
    'PERMISSION_DENIED',
    `API access requires a paid plan with API access: ${API_PLANS_TEXT}. This organization is on the ${org.plan} plan` +
      (org.partner_tier !== null ? ` with partner-license tier ${org.partner_tier}.` : '.'),
    {
      error: 'feature_gated',
      feature: 'api_access',
      current_tier,
      required_tier: 'pro',
      ...(org.partner_tier !== null ? { partner_tier: org.partner_tier } : {}),
    },
  );
}

/** 403 insufficient_scope unless the caller holds the scope. */
export function requireScope(p: Principal, scope: Scope): void {
  if (p.scopes.includes(scope)) return;
  throw publicError(403, {
    code: 'insufficient_scope',
    problem: `This credential lacks the ${scope} scope`,
    cause: `The endpoint checks ${scope}; the ${p.authType === 'api_key' ? "key's user" : 'user'} holds ${p.scopes.join(', ') || 'no scopes'} in this organization.`,
    fix: `Ask an organization admin to grant ${scope} to the user; keys carry their user's scopes and cannot be narrower.`,
    retryable: false,
    details: { required_scope: scope, granted_scopes: p.scopes },
  });
}
