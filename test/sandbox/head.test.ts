import { describe, expect, test } from 'vitest';
import { CATALOG } from '../../src/api/endpoints/index.js';
import { MOUNTS } from '../../src/api/endpoints/endpoint.js';
import { controlEndpoints } from '../../src/sandbox/control-endpoints.js';
import { raw, useResetSandbox } from './helpers.js';

/** HEAD is answered wherever GET is: the same status and headers, no body. */

const t = useResetSandbox();
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
/** Headers that differ between any two requests. */
const PER_REQUEST = ['x-request-id', 'date', 'ratelimit', 'ratelimit-remaining', 'ratelimit-reset'];

async function compare(path: string, token?: string) {
  const opts = token ? { token } : {};
  const get = await raw(t.sb, 'GET', path, opts);
  const head = await raw(t.sb, 'HEAD', path, opts);
  const headers = (h: Record<string, unknown>) => Object.fromEntries(Object.entries(h).filter(([k]) => !PER_REQUEST.includes(k)));
  expect(head.status, `HEAD ${path}`).toBe(get.status);
  expect(headers(head.headers), `HEAD ${path}`).toEqual(headers(get.headers));
  expect(head.text).toBe('');
  return head;
}

describe('HEAD', () => {
  test('the documents and their pages answer 200 with the GET headers', async () => {
    for (const path of ['/docs', '/docs?spec=v1', '/redoc', '/openapi-public-v2.json', '/openapi-public.json']) {
      expect((await compare(path)).status).toBe(200);
    }
  });

  test('an API read answers as its GET does, authenticated or not', async () => {
    expect((await compare('/api/v2/whoami', t.sb.demoKey)).status).toBe(200);
    expect((await compare('/api/v2/whoami')).status).toBe(401);
    expect((await compare('/__sandbox/state')).status).toBe(200);
  });

  test('a path with no GET answers 404 as GET does (its message names the method)', async () => {
    for (const path of ['/api/v2/people/find', '/nowhere']) {
      const head = await raw(t.sb, 'HEAD', path, { token: t.sb.demoKey });
      expect([head.status, head.text, head.headers['content-type']]).toEqual([404, '', 'application/json']);
    }
  });

  test('every GET of the catalog and the controls', async () => {
    for (const e of [...CATALOG, ...controlEndpoints()].filter((x) => x.method === 'GET')) {
      const path = `${MOUNTS[e.kind][0]}${e.path.replace(/:(\w+)/g, UNKNOWN_ID)}`;
      const head = await raw(t.sb, 'HEAD', path, { token: t.sb.demoKey });
      const get = await raw(t.sb, 'GET', path, { token: t.sb.demoKey });
      expect([e.id, head.status, head.text]).toEqual([e.id, get.status, '']);
    }
  });
});
