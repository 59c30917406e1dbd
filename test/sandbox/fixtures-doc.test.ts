import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { Fixtures, parseFixtures } from '../../src/sandbox/fixtures.js';
import { fences } from '../helpers/readme-blocks.js';

/** docs/sandbox-fixtures.md and the fixtures schema say the same: every field described in both, the example loadable. */

const DOC = readFileSync(path.resolve(import.meta.dirname, '..', '..', 'docs', 'sandbox-fixtures.md'), 'utf8');

interface JsonSchema {
  description?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  additionalProperties?: JsonSchema | boolean;
}

/** Every property of the schema, as path -> its schema (descriptions sit on the property or on its nullable's branch). */
function properties(s: JsonSchema, at = ''): Array<[string, JsonSchema]> {
  const own = Object.entries(s.properties ?? {}).flatMap(([name, p]): Array<[string, JsonSchema]> => [
    [`${at}${name}`, p],
    ...properties(p, `${at}${name}.`),
  ]);
  const inner = [s.items, ...(s.anyOf ?? []), typeof s.additionalProperties === 'object' ? s.additionalProperties : undefined].filter(
    (x): x is JsonSchema => x !== undefined,
  );
  return [...own, ...inner.flatMap((x) => properties(x, at))];
}

describe('the fixtures format', () => {
  const fields = properties(z.toJSONSchema(Fixtures, { io: 'input' }) as JsonSchema);

  it('describes every field in the schema', () => {
    expect(fields.length).toBeGreaterThan(30);
    expect(fields.filter(([, p]) => !p.description && !p.anyOf?.some((b) => b.description)).map(([name]) => name)).toEqual([]);
  });

  it('documents every field in docs/sandbox-fixtures.md, in a table row of its own', () => {
    const names = [...new Set(fields.map(([name]) => name.split('.').at(-1)!))];
    expect(names.filter((n) => !DOC.includes(`| \`${n}\` |`))).toEqual([]);
  });

  it("loads the doc's example", () => {
    const examples = fences(DOC).filter((f) => f.lang === 'json');
    expect(examples).toHaveLength(1);
    const f = parseFixtures(JSON.parse(examples[0]!.body.join('\n')));
    expect(f.organizations?.[0]?.users?.map((u) => u.email)).toEqual(['ci@acme-ci.example', 'viewer@acme-ci.example']);
  });

  it("refuses a file in the doc's words: the error line it shows is what a refusal says", () => {
    const shown = /error: configuration: --fixtures ci\.json: (\S+): (.+)/.exec(DOC)!;
    expect(() =>
      parseFixtures(
        { version: 1, organizations: [{ name: 'X', users: [{ email: 'a@x.example' }, { email: 'not-an-email' }] }] },
        'ci.json',
      ),
    ).toThrow(`ci.json: ${shown[1]}: ${shown[2]}`);
  });
});
