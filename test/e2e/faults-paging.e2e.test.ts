import { describe, expect, it } from 'vitest';
import { ndjson } from '../helpers/json.js';
import { DEFAULT_DATASET_SIZE } from '../../src/sandbox/data/index.js';
import { faultsAfter, faultsBefore, lastingFault, outputOf, useFaultSandbox, type Fault } from './faults-helpers.js';

/**
 * --all under faults on a later page: the same rows in the same order, none twice and none
 * missing; a fault that outlasts the retries exits 9 and leaves no half JSON array on stdout.
 */
// The default data set: its filters here match pages upon pages of rows.
const t = useFaultSandbox({ dataset: DEFAULT_DATASET_SIZE });

interface Paged {
  name: string;
  argv: string[];
  method: string;
  path: string;
  /** The id of a row, to tell duplicates. */
  key: string;
  seed?: () => Promise<unknown>;
}

const COMMANDS: Paged[] = [
  {
    name: 'search people',
    argv: ['search', 'people', '--title', 'CTO', '--all', '--page-size', '10'],
    method: 'POST',
    path: '/people/find',
    key: 'lead_id',
  },
  {
    name: 'search companies',
    argv: ['search', 'companies', '--hq-country', 'Germany', '--funding-stage', 'Series A', '--all', '--page-size', '10'],
    method: 'POST',
    path: '/search/companies',
    key: 'company_id',
  },
  {
    name: 'lists leads',
    argv: ['lists', 'leads', 'Q3', '--all', '--page-size', '10'],
    method: 'GET',
    path: '/leads',
    key: 'lead_id',
    seed: () => t.seedList('Q3', 35),
  },
];

async function run(c: Paged, format: string, rules: Fault['rules']) {
  await t.faults(rules);
  return t.cli(...c.argv, '--format', format);
}

describe.each(COMMANDS)('$name --all', (c) => {
  // The fault hits the second page; reads are never charged, so every kind is retried.
  it.each([...faultsBefore(c.method, c.path, 1), ...faultsAfter(c.method, c.path, 1)])(
    '$name: the same rows as without faults',
    async (f) => {
      await c.seed?.();
      const clean = await run(c, 'ndjson', []);
      expect(clean.code, clean.stderr).toBe(0);
      const rows = ndjson(clean.stdout);
      expect(rows.length).toBeGreaterThan(20);
      expect(new Set(rows.map((r) => r[c.key])).size).toBe(rows.length);

      const faulty = await run(c, 'ndjson', f.rules);
      await t.expectFaultsHit();
      expect(outputOf(faulty), faulty.stderr).toEqual(outputOf(clean));
    },
  );

  it('a 500 on every later page: exit 9; json prints nothing, ndjson only the whole first page', async () => {
    await c.seed?.();
    const json = await run(c, 'json', lastingFault(c.method, c.path, 1));
    expect(json.code, json.stderr).toBe(9);
    expect(json.stdout).toBe('');
    expect(json.stderr).toMatch(/internal_error/i);

    const lines = await run(c, 'ndjson', lastingFault(c.method, c.path, 1));
    expect(lines.code).toBe(9);
    expect(ndjson(lines.stdout)).toHaveLength(10);
  });
});
