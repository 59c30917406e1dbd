import { describe, expect, it } from 'vitest';
import { CATALOG } from '../../src/api/endpoints/index.js';
import type { Endpoint } from '../../src/api/endpoints/endpoint.js';
import { MOUNTS } from '../../src/api/endpoints/endpoint.js';
import { openApiDocument } from '../../src/sandbox/openapi/document.js';
import { raw, useResetSandbox } from './helpers.js';

/**
 * A client generated from the published documents handles every answer the server gives: each
 * published operation, sent with an unknown id, an empty body or a missing parameter, answers
 * a status its document lists, with a code that status lists.
 */

const t = useResetSandbox();
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

interface Probe {
  label: string;
  path: string;
  body?: unknown;
}

/** Requests a careless client could send: unknown ids in the path, empty and wrong-typed bodies, no query. */
function probes(e: Endpoint): Probe[] {
  const path = `${MOUNTS[e.kind][0]}${e.path.replace(/:(\w+)/g, UNKNOWN_ID)}`;
  const required = (e.query ?? []).filter((q) => q.required).map((q) => `${q.name}=${UNKNOWN_ID}`);
  const withQuery = required.length ? `${path}?${required.join('&')}` : path;
  const out: Probe[] = [
    { label: 'no query', path },
    { label: 'unknown ids', path: withQuery },
  ];
  if (e.body) out.push({ label: 'empty body', path: withQuery, body: {} }, { label: 'array body', path: withQuery, body: [1] });
  return out;
}

function documented(name: 'v2' | 'v1', e: Endpoint): Record<string, { 'x-error-codes'?: string[] }> {
  const doc = openApiDocument(name, t.sb.url);
  const op = doc.paths[e.path.replace(/:(\w+)/g, '{$1}')]![e.method.toLowerCase()] as {
    responses: Record<string, { 'x-error-codes'?: string[] }>;
  };
  return op.responses;
}

describe('the published documents list every answer a careless request gets', () => {
  for (const e of CATALOG.filter((x) => x.published)) {
    it(`${e.published!.operationId} (${e.method} ${e.path})`, async () => {
      const responses = documented(e.published!.document, e);
      for (const p of probes(e)) {
        const r = await raw(t.sb, e.method, p.path, { token: t.sb.demoKey, ...(p.body !== undefined ? { body: p.body } : {}) });
        const listed = responses[String(r.status)];
        expect(listed, `${p.label}: ${r.status} ${r.text.slice(0, 200)}`).toBeDefined();
        const code = r.json?.code ?? r.json?.error?.code;
        if (r.status >= 400 && typeof code === 'string') expect(listed!['x-error-codes'], `${p.label}: ${r.status}`).toContain(code);
      }
    });
  }
});
