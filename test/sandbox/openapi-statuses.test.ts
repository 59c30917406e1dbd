import { describe, expect, test } from 'vitest';
import { API } from '../../src/api/endpoints/index.js';
import type { Endpoint } from '../../src/api/endpoints/endpoint.js';
import { openApiDocument } from '../../src/sandbox/openapi/document.js';
import { call, expectPublicError, searchPeople, seedList, useListsSandbox } from './lists-helpers.js';
import { raw } from './helpers.js';

/** Answers the sandbox gives that the published documents must list, and the ids the documents must not let be empty. */

const cast = useListsSandbox();
type Op = {
  parameters?: { name: string; in: string; schema: Record<string, unknown> }[];
  responses: Record<string, { 'x-error-codes'?: string[] }>;
};

function operation(e: Endpoint): Op {
  const doc = openApiDocument(e.published!.document, cast.sb.url);
  return doc.paths[e.path.replace(/:(\w+)/g, '{$1}')]![e.method.toLowerCase()] as unknown as Op;
}

/** The answer's status is listed for the operation, with its code. */
function expectListed(e: Endpoint, status: number, code: string): void {
  expect(operation(e).responses[String(status)]?.['x-error-codes'], `${e.id} ${status}`).toContain(code);
}

describe('statuses the sandbox answers are listed in the documents', () => {
  test('GET /smart-agents?list_id=<unknown> answers 404 list_not_found', async () => {
    expectPublicError(await call(cast.sb, 'GET', '/smart-agents?list_id=lst_unknown'), 404, 'list_not_found');
    expectListed(API.agents.list, 404, 'list_not_found');
  });

  test('POST /lead-lists/{id}/leads with entity_ids outside the task answers 400 validation_error', async () => {
    const found = await searchPeople(cast.sb, { location_country: [cast.ds.person(0).location_country] }, 3);
    const list = await seedList(cast.sb, { name: 'Target' });
    const r = await call(cast.sb, 'POST', `/lead-lists/${list.list_id}/leads`, { body: { task_id: found.task_id, entity_ids: ['nope'] } });
    expectPublicError(r, 400, 'validation_error');
    expectListed(API.lists.addLeads, 400, 'validation_error');
  });
});

describe('a required id is never empty', () => {
  test('an empty required query id is refused, and its schema says minLength 1', async () => {
    expect((await call(cast.sb, 'GET', '/export/json?list_id=')).status).toBe(422);
    expect((await call(cast.sb, 'GET', '/webhooks/deliveries?workflow_id=', { prefix: '/api/v1/public' })).status).toBe(422);
    for (const [e, name] of [
      [API.exports.json, 'list_id'],
      [API.legacy.webhookDeliveries, 'workflow_id'],
    ] as const) {
      expect(operation(e).parameters?.find((p) => p.name === name)?.schema).toMatchObject({ type: 'string', minLength: 1 });
    }
  });

  test('every path id has minLength 1', () => {
    for (const e of [API.lists.get, API.enrichment.status, API.agents.results]) {
      const params = operation(e).parameters!.filter((p) => p.in === 'path');
      expect(params.length).toBeGreaterThan(0);
      for (const p of params) expect(p.schema, `${e.id} ${p.name}`).toMatchObject({ minLength: 1 });
    }
  });
});

test('the section titles of each page are unique (the v1 page had two "Webhooks")', async () => {
  for (const path of ['/docs', '/redoc', '/docs?spec=v1', '/redoc?spec=v1']) {
    const titles = [...(await raw(cast.sb, 'GET', path)).text.matchAll(/<h2[^>]*>(.*?)<\/h2>/g)].map((m) => m[1]);
    expect(titles.length, path).toBeGreaterThan(2);
    expect(
      titles.filter((x, i) => titles.indexOf(x) !== i),
      path,
    ).toEqual([]);
  }
});
