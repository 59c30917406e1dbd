import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { API, CATALOG } from '../../src/api/endpoints/index.js';
import type { Endpoint, SchemaSlot } from '../../src/api/endpoints/endpoint.js';
import { schemaOf } from '../../src/api/endpoints/schemas.js';
import { controlEndpoints } from '../../src/sandbox/control-endpoints.js';
import * as routeModules from '../../src/sandbox/routes/all.js';
import type { RouteDef } from '../../src/sandbox/router.js';
import { openApiDocument } from '../../src/sandbox/openapi/document.js';

/**
 * Each operation is described once, in the catalog (src/api/endpoints/, and the sandbox's
 * control entries): the sandbox serves no route, the SDK sends no request and the documents
 * publish no operation that is not an entry.
 */

const SRC = path.resolve(import.meta.dirname, '..', '..', 'src');
const controls = controlEndpoints();
const routes = Object.values(routeModules).flat() as RouteDef[];
const key = (e: Pick<Endpoint, 'method' | 'path' | 'kind'>) => `${e.method} ${e.kind} ${e.path.replace(/:(\w+)/g, '{$1}')}`;

describe('the endpoint catalog', () => {
  it('names each entry once, after its area and key', () => {
    const ids = [...CATALOG, ...controls].map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const [area, entries] of Object.entries(API))
      for (const [name, e] of Object.entries(entries)) expect(e.id, `API.${area}.${name}`).toBe(`${area}.${name}`);
    const operations = [...CATALOG, ...controls].map(key);
    expect(new Set(operations).size).toBe(operations.length);
  });

  it('serves every route of the sandbox from an entry, and every entry from one route', () => {
    // Read as plain objects: a route without an entry would not type-check, but a cast could still bring one.
    const described = routes.filter((r) => 'endpoint' in r);
    const inPlace = (routes as unknown as Record<string, unknown>[]).filter((r) => !('endpoint' in r)).map((r) => `${String(r.method)} ${String(r.kind)} ${String(r.path)}`);
    expect(inPlace, 'routes described outside the catalog').toEqual([]);
    const known = new Set<Endpoint>([...CATALOG, ...controls]);
    expect(described.filter((r) => !known.has(r.endpoint)).map((r) => r.endpoint.id)).toEqual([]);
    const served = described.map((r) => r.endpoint);
    for (const e of known) expect(served.filter((s) => s === e).length, `${e.id} served`).toBe(1);
  });

  it('names only schemas that src/api/schemas exports', () => {
    const slots = (e: Endpoint): SchemaSlot[] => [e.body, e.response, ...(e.oneOf ?? [])].filter((s): s is SchemaSlot => s !== undefined);
    for (const e of CATALOG) for (const slot of slots(e)) expect(() => schemaOf(slot), e.id).not.toThrow();
  });

  it('validates each request body with the schema its entry names (entryBody), never with one named apart', () => {
    const bodyNames = new Set(CATALOG.flatMap((e) => (e.body && 'schema' in e.body ? [e.body.schema as string] : [])));
    const routeFiles = readdirSync(path.join(SRC, 'sandbox', 'routes')).filter((f) => f.endsWith('.ts'));
    const apart = routeFiles.flatMap((f) =>
      [...readFileSync(path.join(SRC, 'sandbox', 'routes', f), 'utf8').matchAll(/parseBody\((\w+)/g)].filter((m) => bodyNames.has(m[1]!)).map((m) => `${f}: ${m[1]}`),
    );
    expect(apart).toEqual([]);
  });

  it('publishes in each OpenAPI document exactly the entries that say so', () => {
    for (const name of ['v2', 'v1'] as const) {
      const doc = openApiDocument(name, 'http://127.0.0.1:1');
      const inDoc = Object.entries(doc.paths).flatMap(([p, ops]) => Object.entries(ops).map(([m, op]) => `${m.toUpperCase()} ${p} ${op.operationId as string}`));
      const entries = CATALOG.filter((e) => e.published?.document === name).map(
        (e) => `${e.method} ${e.path.replace(/:(\w+)/g, '{$1}')} ${e.published!.operationId}`,
      );
      expect(inDoc.sort()).toEqual(entries.sort());
    }
  });

  it('leaves the SDK no way to send a request but through an entry', () => {
    // Where a request may be built from a method and a path rather than an entry, and why.
    const RAW_SENDERS: Record<string, string> = {
      'api/client.ts': 'the client core itself',
      'api/transport.ts': 'node:http underneath the client',
      'api/download.ts': 'fetches a signed export link (the exports.download entry) without credentials',
      'api/endpoints/call.ts': 'sends an entry',
      'api/paid-call.ts': 'sends the request call.ts built from a paid entry, with its journal',
      'commands/api/api.ts': '`prospect api` sends any path a person gives',
      'cli/sandbox-target.ts': "the local sandbox's test controls, whose entries hold zod schemas the CLI core does not load",
    };
    const files = readdirSync(SRC, { recursive: true, withFileTypes: true })
      .filter((f) => f.isFile() && f.name.endsWith('.ts'))
      .map((f) => path.relative(SRC, path.join(f.parentPath, f.name)).split(path.sep).join('/'));
    const senders = files.filter((f) => /\.request(?:WithResponse)?(?:<.*?>+)?\(/.test(readFileSync(path.join(SRC, f), 'utf8')));
    expect(senders.sort()).toEqual(Object.keys(RAW_SENDERS).sort());
  });
});
