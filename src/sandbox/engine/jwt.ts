import { createHmac, timingSafeEqual } from 'node:crypto';

/** Session JWTs of the sandbox's identity provider: HS256 over a per-sandbox secret. */
export const JWT_ISSUER = 'prospect-sandbox';

export interface SessionClaims {
  iss: string;
  /** User id. */
  sub: string;
  /** Organization id. */
  org: string;
  iat: number;
  exp: number;
  /** A connector (OAuth) client; auth_type reads oauth. */
  client?: 'connector';
}

const b64 = (v: unknown): string => Buffer.from(JSON.stringify(v)).toString('base64url');

export function signJwt(claims: SessionClaims, secret: string): string {
  const head = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(claims)}`;
  return `${head}.${createHmac('sha256', secret).update(head).digest('base64url')}`;
}

/** The claims of a well-formed, correctly signed, unexpired token; null otherwise. */
export function verifyJwt(token: string, secret: string, nowMs: number): SessionClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [h, p, sig] = parts as [string, string, string];
  const expected = createHmac('sha256', secret).update(`${h}.${p}`).digest();
  const given = Buffer.from(sig, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let header: unknown;
  let claims: unknown;
  try {
    header = JSON.parse(Buffer.from(h, 'base64url').toString('utf8'));
    claims = JSON.parse(Buffer.from(p, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!isRecord(header) || header.alg !== 'HS256' || !isRecord(claims)) return null;
  const c = claims;
  if (c.iss !== JWT_ISSUER || typeof c.sub !== 'string' || typeof c.org !== 'string') return null;
  if (typeof c.exp !== 'number' || typeof c.iat !== 'number' || c.exp * 1000 <= nowMs) return null;
  if (c.client !== undefined && c.client !== 'connector') return null;
  return {
    iss: c.iss,
    sub: c.sub,
    org: c.org,
    iat: c.iat,
    exp: c.exp,
    ...(c.client === 'connector' ? { client: 'connector' as const } : {}),
  };
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
