import { describe, expect, it } from 'vitest';
import { useSandboxEnv } from '../helpers/sandbox-env.js';
import { DEFAULT_DATASET_SIZE } from '../../src/sandbox/data/index.js';
import { prospect } from '../helpers/in-process.js';

// The default data set: the companies these tests pick have names that fit a table's column.
const t = useSandboxEnv({ withKey: true, sandbox: { dataset: DEFAULT_DATASET_SIZE } });

const json = (text: string) => JSON.parse(text) as Record<string, any>;

describe('search companies', () => {
  it('flags and the service aliases as flags give the same rows', async () => {
    const c = t.sb.services.dataset.company(3);
    const byKey = json(
      (
        await prospect(['search', 'companies', '--industries', c.industry, '--employee-count-ranges', c.employee_count_range, '--json'], {
          env: t.env,
        })
      ).stdout,
    );
    expect(byKey.entity_kind).toBe('company');
    expect(byKey.total).toBeGreaterThan(0);
    for (const row of byKey.results) expect(row.industry).toBe(c.industry);
    const byAlias = json(
      (
        await prospect(
          ['search', 'companies', '--industry', c.industry, '--headcount', c.employee_count_range.replace(/,/g, ''), '--json'],
          { env: t.env },
        )
      ).stdout,
    );
    expect(byAlias.results).toEqual(byKey.results);
    const inFilters = json(
      (
        await prospect(
          [
            'search',
            'companies',
            '--filters',
            JSON.stringify({ linkedin_industries: [c.industry], headcount_range: [c.employee_count_range] }),
            '--json',
          ],
          { env: t.env },
        )
      ).stdout,
    );
    expect(inFilters.total).toBe(byKey.total);
  });

  it('a table shows name, domain, industry, size, HQ and funding', async () => {
    const c = t.sb.services.dataset.company(0);
    const r = await prospect(['search', 'companies', '--domain', c.domain, '--format', 'table'], { env: t.env });
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toContain(c.name);
    const header = r.stdout.split('\n')[0]!.toLowerCase();
    for (const col of ['name', 'domain', 'industry', 'employee_count', 'hq_location', 'funding_stage']) expect(header).toContain(col);
  });

  it('--columns adds fields; an unknown column exits 2 with a suggestion', async () => {
    const c = t.sb.services.dataset.company(1);
    const r = json(
      (await prospect(['search', 'companies', '--domains', c.domain, '--columns', 'Founded,LinkedIn', '--json'], { env: t.env })).stdout,
    );
    expect(r.results[0].founded_year).toBe(c.founded_year);
    expect(r.results[0].linkedin_url).toBe(c.linkedin_url);
    const bad = await prospect(['search', 'companies', '--domains', c.domain, '--columns', 'Foundd', '--debug'], { env: t.env });
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toContain('"Founded"');
    expect(bad.stderr).not.toContain('[debug] >');
  });

  it('unknown keys exit 2 before sending; the raw shape passes without key checks', async () => {
    const bad = await prospect(['search', 'companies', '--filters', '{"revenue_ranges":["$1M-10M"]}', '--debug'], { env: t.env });
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toContain('revenue_ranges');
    expect(bad.stderr).not.toContain('[debug] >');
    const rawShape = JSON.stringify({ op: 'and', conditions: [{ column: 'no_such_column', type: 'in', value: ['x'] }] });
    const r = await prospect(['search', 'companies', '--filters', rawShape, '--json'], { env: t.env });
    expect(r.exitCode).toBe(0);
    expect(json(r.stdout).total).toBe(0);
  });

  it('no match is not an error: json has total 0, a table says so on stderr', async () => {
    const r = await prospect(['search', 'companies', '--names', 'No Such Company Anywhere', '--json'], { env: t.env });
    expect(r.exitCode).toBe(0);
    expect(json(r.stdout)).toMatchObject({ total: 0, results: [], cursor: null });
    const table = await prospect(['search', 'companies', '--names', 'No Such Company Anywhere', '--format', 'table'], { env: t.env });
    expect(table.stdout).toBe('');
    expect(table.stderr).toContain('No companies match');
  });

  it('--all streams every page', async () => {
    const c = t.sb.services.dataset.company(2);
    const first = json((await prospect(['search', 'companies', '--hq-country', c.hq_country, '--json'], { env: t.env })).stdout);
    const r = await prospect(
      [
        'search',
        'companies',
        '--hq-country',
        c.hq_country,
        '--all',
        '--page-size',
        String(Math.min(100, Math.ceil(first.total / 3))),
        '--format',
        'ndjson',
      ],
      { env: t.env },
    );
    expect(r.exitCode).toBe(0);
    const rows = r.stdout.trim().split('\n');
    expect(rows).toHaveLength(first.total);
  });

  it('--criteria sends the criteria form', async () => {
    const r = await prospect(['search', 'companies', '--criteria', '{"hqCountriesIso3":["DEU"],"revenueMin":1000000}', '--json'], {
      env: t.env,
    });
    expect(r.exitCode).toBe(0);
    for (const row of json(r.stdout).results) expect(row.hq_location).toMatch(/Germany$/);
    const bad = await prospect(['search', 'companies', '--criteria', '{"hqCountriesIso3":["DE"]}'], { env: t.env });
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toContain('hqCountriesIso3');
  });
});

describe('search companies similar and filters', () => {
  it('similar DOMAIN lists companies best first, scores between 0 and 1', async () => {
    const c = t.sb.services.dataset.company(4);
    const r = await prospect(['search', 'companies', 'similar', c.domain, '--limit', '10', '--json'], { env: t.env });
    expect(r.exitCode).toBe(0);
    const body = json(r.stdout);
    expect(body.reference_company).toBe(c.name);
    expect(body.results).toHaveLength(10);
    const scores = body.results.map((x: { similarity_score: number }) => x.similarity_score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    for (const s of scores) expect(s >= 0 && s <= 1).toBe(true);
    expect(body.results.map((x: { domain: string }) => x.domain)).not.toContain(c.domain);
    const byId = json(
      (await prospect(['search', 'companies', 'similar', '--id', c.company_id, '--limit', '10', '--json'], { env: t.env })).stdout,
    );
    expect(byId.results).toEqual(body.results);
  });

  it('similar needs exactly one seed; an unknown seed gives no rows', async () => {
    expect((await prospect(['search', 'companies', 'similar'], { env: t.env })).exitCode).toBe(2);
    expect((await prospect(['search', 'companies', 'similar', 'a.com', '--id', 'x'], { env: t.env })).exitCode).toBe(2);
    const r = await prospect(['search', 'companies', 'similar', 'no-such-domain.invalid', '--json'], { env: t.env });
    expect(r.exitCode).toBe(0);
    expect(json(r.stdout).results).toEqual([]);
  });

  it('filters funding_stages lists the stored labels', async () => {
    const r = await prospect(['search', 'companies', 'filters', 'funding_stages', 'series', '--json'], { env: t.env });
    expect(r.exitCode).toBe(0);
    const values = json(r.stdout).values.map((v: { value: string }) => v.value);
    expect(values).toContain('Series A');
    const bad = await prospect(['search', 'companies', 'filters', 'industry', 'x'], { env: t.env });
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toContain('"industries"');
  });
});

describe('search companies --save-to', () => {
  it('saves the companies of each page into the list (created with --create); --create alone exits 2 before searching', async () => {
    const env = { env: t.env };
    const r = await prospect(
      ['search', 'companies', '--headcount', '5001-10000', '--limit', '3', '--save-to', 'Big accounts', '--create', '--json'],
      env,
    );
    expect(r.exitCode, r.stderr).toBe(0);
    const found = JSON.parse(r.stdout);
    expect(found.results).toHaveLength(3);
    expect(r.stderr).toContain('Created list "Big accounts"');
    expect(r.stderr).toContain('Saved 3 companies to "Big accounts" (0 already there); free.');
    const again = await prospect(['search', 'companies', '--headcount', '5001-10000', '--limit', '3', '--save-to', 'Big accounts'], env);
    expect(again.stderr).toContain('Saved 0 companies to "Big accounts" (3 already there); free.');
    const alone = await prospect(['search', 'companies', '--headcount', '5001-10000', '--create'], env);
    expect(alone.exitCode).toBe(2);
    expect(alone.stderr).toContain('--create goes with --save-to LIST');
  });
});
