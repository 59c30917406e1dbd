import { beforeEach } from 'vitest';
import { control, raw, type RawResponse, type RunningSandbox } from './helpers.js';
import { useSearchSandbox } from './search-helpers.js';
import type { Dataset } from '../../src/sandbox/data/dataset.js';

export { expectOk, expectPublicError } from './search-helpers.js';

/** Who a test acts as: the demo owner, the read-only teammate, and the owner of the other organization. */
export interface Cast {
  sb: RunningSandbox;
  ds: Dataset;
  owner: string;
  teammate: string;
  other: string;
  ownerId: string;
  teammateId: string;
  otherOrgId: string;
}

/**
 * One small-data sandbox for a test file, reset before each test, with a key for each
 * member of the cast (minted again after every reset). The returned object fills in once started.
 */
export function useListsSandbox(): Cast {
  const cast = {} as Cast;
  useSearchSandbox((sb, ds) => {
    cast.sb = sb;
    cast.ds = ds;
  });
  beforeEach(async () => {
    const demo = (await control(cast.sb, 'GET', '/state')).demo;
    cast.owner = cast.sb.demoKey;
    cast.ownerId = demo.user_id;
    cast.teammateId = demo.teammate_user_id;
    cast.otherOrgId = demo.other_organization_id;
    cast.teammate = (await control(cast.sb, 'POST', '/keys', { user_id: demo.teammate_user_id })).api_key;
    cast.other = (await control(cast.sb, 'POST', '/keys', { user_id: demo.other_user_id })).api_key;
  });
  return cast;
}

/** A request under /api/v2 (or another prefix) with a token and an optional JSON body. */
export function call(
  sb: RunningSandbox,
  method: string,
  path: string,
  opts: { token?: string; body?: unknown; prefix?: string } = {},
): Promise<RawResponse> {
  return raw(sb, method, `${opts.prefix ?? '/api/v2'}${path}`, {
    token: opts.token ?? sb.demoKey,
    ...(opts.body !== undefined ? { body: opts.body } : {}),
  });
}

/** Seeds a list through the control (as the demo owner unless user_id says otherwise). */
export function seedList(sb: RunningSandbox, body: Record<string, unknown>): Promise<any> {
  return control(sb, 'POST', '/lists', body);
}

/** A people search page under the demo key: its task_id and rows. */
export async function searchPeople(sb: RunningSandbox, filters: Record<string, string[]>, limit = 10, token = sb.demoKey): Promise<any> {
  const r = await call(sb, 'POST', '/people/find', { token, body: { filters, limit } });
  if (r.status !== 200) throw new Error(`search answered ${r.status}: ${r.text}`);
  return r.json;
}
