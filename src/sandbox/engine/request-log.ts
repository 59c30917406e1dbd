/**
 * One row per request that carried an identified credential. GET /usage and the key
 * request logs are built on these rows.
 */
export interface RequestLogRow {
  id: string;
  organization_id: string;
  user_id: string;
  /** null for sessions and the connector client. */
  key_id: string | null;
  auth_type: 'api_key' | 'session' | 'oauth';
  method: string;
  /** The request path as sent, without the query string. */
  path: string;
  /** Mount prefix the request came through: /api/v2, /api/v1/public or /api/v1/api-keys. */
  prefix: string;
  /** Route template without the prefix, e.g. /lead-lists/{list_id}; the bare path when no route matched. */
  route: string;
  status_code: number;
  duration_ms: number;
  ip_address: string;
  user_agent: string | null;
  created_at: string;
  credits_spent: number;
  error_code: string | null;
}

/** Rows kept; the oldest go first. */
export const REQUEST_LOG_CAP = 50_000;

export class RequestLog {
  constructor(readonly rows: RequestLogRow[] = []) {}

  record(row: RequestLogRow): void {
    this.rows.push(row);
    if (this.rows.length > REQUEST_LOG_CAP) this.rows.splice(0, this.rows.length - REQUEST_LOG_CAP);
  }

  /** Newest first, optionally filtered. */
  list(filter: { organizationId?: string; keyId?: string; sinceMs?: number; limit?: number } = {}): RequestLogRow[] {
    const out: RequestLogRow[] = [];
    for (let i = this.rows.length - 1; i >= 0; i--) {
      const r = this.rows[i]!;
      if (filter.organizationId && r.organization_id !== filter.organizationId) continue;
      if (filter.keyId && r.key_id !== filter.keyId) continue;
      if (filter.sinceMs !== undefined && Date.parse(r.created_at) < filter.sinceMs) continue;
      out.push(r);
      if (filter.limit !== undefined && out.length >= filter.limit) break;
    }
    return out;
  }
}

/**
 * The caller's address: the socket peer, or the first X-Forwarded-For entry when the peer
 * is this machine (a local proxy, or a test simulating another address).
 */
export function clientIp(remoteAddress: string | undefined, forwardedFor: string | string[] | undefined): string {
  const peer = (remoteAddress ?? '').replace(/^::ffff:/, '') || 'unknown';
  const loopback = peer === '::1' || /^127\./.test(peer);
  const header = Array.isArray(forwardedFor) ? forwardedFor[0] : forwardedFor;
  const first = header?.split(',')[0]?.trim();
  return loopback && first ? first : peer;
}
