import { describe, expect, it } from 'vitest';
import { control, raw } from '../sandbox/helpers.js';
import { useSandboxEnv } from '../helpers/sandbox-env.js';
import { DEFAULT_DATASET_SIZE } from '../../src/sandbox/data/index.js';
import { prospect, sandboxClock } from '../helpers/in-process.js';
import { printedCommands, runPrinted } from '../helpers/printed-command.js';
import { tempDir } from '../helpers/temp-dir.js';

// The default data set: at-companies over every company needs more companies than a job may take.
const t = useSandboxEnv({ withKey: true, sandbox: { dataset: DEFAULT_DATASET_SIZE } });

const ndjson = (text: string) =>
  text
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>);

/** The company with the most people, and its domain. */
function biggestCompany() {
  const ds = t.sb.services.dataset;
  let best = 0;
  for (let i = 1; i < ds.size.companies; i++) if (ds.peopleAt(i).length > ds.peopleAt(best).length) best = i;
  return { domain: ds.company(best).domain, people: ds.peopleAt(best).length };
}

describe('search people: checks before sending', () => {
  it('an unknown key in --filters exits 2 suggesting the key, and --debug shows no request', async () => {
    const r = await prospect(['search', 'people', '--filters', '{"title":["CTO"]}', '--debug'], { env: t.env });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/error: usage: unsupported filter key "title": use "titles"/);
    expect(r.stderr).not.toContain('[debug] >');
    expect(r.stdout).toBe('');
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it('a value outside a fixed list exits 2 naming it and the closest value; nothing is sent', async () => {
    const r = await prospect(['search', 'people', '--seniority', 'Directr', '--debug'], { env: t.env });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain('"Directr"');
    expect(r.stderr).toContain('Director');
    expect(r.stderr).not.toContain('[debug] >');
  });

  it('--limit or --page-size out of range, --all with --limit, no filters, and --criteria with flags are usage errors', async () => {
    expect((await prospect(['search', 'people', '--title', 'CTO', '--limit', '0'], { env: t.env })).exitCode).toBe(2);
    const page = await prospect(['search', 'people', '--title', 'CTO', '--page-size', '101'], { env: t.env });
    expect(page.exitCode).toBe(2);
    expect(page.stderr).toContain('--page-size must be from 1 to 100, got 101');
    const both = await prospect(['search', 'people', '--title', 'CTO', '--all', '--limit', '50'], { env: t.env });
    expect(both.exitCode).toBe(2);
    expect(both.stderr).toContain('--all and --limit cannot be combined');
    expect(both.stderr).toContain('--page-size');
    expect((await prospect(['search', 'people'], { env: t.env })).exitCode).toBe(2);
    const criteriaAndFlags = await prospect(['search', 'people', '--title', 'CTO', '--criteria', '{"jobTitlesInclude":["CTO"]}'], {
      env: t.env,
    });
    expect(criteriaAndFlags.exitCode).toBe(2);
    const badCriteria = await prospect(['search', 'people', '--criteria', '{"jobTitleMatchType":"fuzzy"}'], { env: t.env });
    expect(badCriteria.exitCode).toBe(2);
    expect(badCriteria.stderr).toContain('jobTitleMatchType');
    const badJson = await prospect(['search', 'people', '--filters', '{titles:1}'], { env: t.env });
    expect(badJson.exitCode).toBe(2);
    expect(badJson.stderr).toContain('not valid JSON');
  });
});

describe('search people', () => {
  it('--json prints the payload as returned; rows carry no email or phone', async () => {
    const r = await prospect(['search', 'people', '--seniority', 'director', '--department', 'Sales', '--json'], { env: t.env });
    expect(r.exitCode).toBe(0);
    const page = JSON.parse(r.stdout);
    expect(page.entity_kind).toBe('person');
    expect(page.task_id).toMatch(/^svc-task_/);
    expect(page.credits_charged).toBe(0);
    expect(page.results.length).toBe(Math.min(25, page.total));
    for (const row of page.results) {
      expect(row.seniority).toBe('Director');
      expect(row).not.toHaveProperty('email');
      expect(row).not.toHaveProperty('phone');
    }
    // The service's hint names HTTP routes: left out of stderr without --debug.
    if (page.agent_instructions) expect(r.stderr).not.toContain(page.agent_instructions);
  });

  it('a table shows the columns a person scans; tsv keeps every field', async () => {
    const table = await prospect(['search', 'people', '--department', 'Engineering', '--limit', '3', '--format', 'table'], { env: t.env });
    expect(table.exitCode).toBe(0);
    const header = table.stdout.split('\n')[0]!.toLowerCase();
    for (const col of ['full_name', 'title', 'company', 'location', 'seniority']) expect(header).toContain(col);
    expect(header).not.toContain('lead_id');
    const tsv = await prospect(['search', 'people', '--department', 'Engineering', '--limit', '3'], { env: t.env });
    const cols = tsv.stdout.split('\n')[0]!.split('\t');
    expect(cols).toContain('lead_id');
    expect(cols).toContain('linkedin_url');
    expect(tsv.stdout.trim().split('\n')).toHaveLength(4);
  });

  it('the same filters give the same rows on every run; --cursor continues after the page', async () => {
    const args = ['search', 'people', '--department', 'Marketing', '--limit', '5', '--json'];
    const a = JSON.parse((await prospect(args, { env: t.env })).stdout);
    const b = JSON.parse((await prospect(args, { env: t.env })).stdout);
    expect(b.results).toEqual(a.results);
    expect(a.cursor).toBeTypeOf('string');
    const next = JSON.parse((await prospect([...args, '--cursor', a.cursor], { env: t.env })).stdout);
    const ids = new Set(a.results.map((r: { lead_id: string }) => r.lead_id));
    expect(next.results.some((r: { lead_id: string }) => ids.has(r.lead_id))).toBe(false);
    const other = await prospect(['search', 'people', '--department', 'Sales', '--cursor', a.cursor], { env: t.env });
    expect(other.exitCode).toBe(2);
    expect(other.stderr).toContain('invalid_cursor');
  });

  it('--company-domains D --all --format ndjson streams exactly total rows and reports the searches used', async () => {
    const { domain, people } = biggestCompany();
    const first = JSON.parse((await prospect(['search', 'people', '--company-domains', domain, '--json'], { env: t.env })).stdout);
    expect(first.total).toBe(people);
    // About four pages, well inside the default --max-pages and the daily cap.
    const limit = Math.min(100, Math.ceil(first.total / 4));
    const r = await prospect(
      ['search', 'people', '--company-domains', domain, '--all', '--page-size', String(limit), '--format', 'ndjson'],
      { env: t.env },
    );
    expect(r.exitCode).toBe(0);
    const rows = ndjson(r.stdout);
    expect(rows).toHaveLength(first.total);
    expect(new Set(rows.map((x) => x.lead_id)).size).toBe(first.total);
    for (const row of rows) expect(row.domain).toBe(domain);
    const pagesNeeded = Math.ceil(first.total / limit);
    expect(r.stderr).toContain(`${pagesNeeded} searches`);
    expect(r.stderr).toMatch(new RegExp(`${first.total} people in ${pagesNeeded} searches? used`));
  });

  it('--all stops at --max-pages and says how to continue', async () => {
    const r = await prospect(
      ['search', 'people', '--department', 'Engineering', '--all', '--page-size', '10', '--max-pages', '2', '--format', 'ndjson'],
      { env: t.env },
    );
    expect(r.exitCode).toBe(0);
    expect(ndjson(r.stdout)).toHaveLength(20);
    expect(r.stderr).toContain('stopping after 2');
    // The printed command is this one with the next cursor, and runs as printed.
    const [next] = printedCommands(r.stderr);
    expect(next).toMatch(
      /^prospect search people --department Engineering --all --page-size 10 --max-pages 2 --format ndjson --cursor \S+$/,
    );
    const more = await runPrinted(next!, { env: t.env, cwd: tempDir() });
    expect(more.exitCode, more.stderr).toBe(0);
    const seen = new Set(ndjson(r.stdout).map((x) => x.lead_id));
    expect(ndjson(more.stdout).filter((x) => !seen.has(x.lead_id))).toHaveLength(20);
  });

  it('--all --json prints one array of every row', async () => {
    const { domain } = biggestCompany();
    const r = await prospect(['search', 'people', '--company-domains', domain, '--all', '--page-size', '50', '--json'], { env: t.env });
    const rows = JSON.parse(r.stdout);
    expect(Array.isArray(rows)).toBe(true);
    expect(rows.length).toBe(t.sb.services.dataset.peopleAt(t.sb.services.dataset.companyIndexByDomain(domain)!).length);
  });

  it('--limit 250 returns 250 rows over 3 searches, as one page of the search with the cursor after them', async () => {
    const r = await prospect(['search', 'people', '--department', 'Engineering', '--limit', '250', '--json'], { env: t.env });
    expect(r.exitCode, r.stderr).toBe(0);
    const page = JSON.parse(r.stdout);
    expect(page.results).toHaveLength(250);
    expect(new Set(page.results.map((x: { lead_id: string }) => x.lead_id)).size).toBe(250);
    expect(page.task_ids).toHaveLength(3);
    expect(page.truncation_warning).toBeNull();
    expect(r.stderr).toContain('--limit 250 takes up to 3 searches (pages of 100) of the 60 people searches a day');
    const after = JSON.parse(
      (
        await prospect(['search', 'people', '--department', 'Engineering', '--limit', '5', '--cursor', page.cursor, '--json'], {
          env: t.env,
        })
      ).stdout,
    );
    const whole = JSON.parse(
      (await prospect(['search', 'people', '--department', 'Engineering', '--limit', '255', '--json'], { env: t.env })).stdout,
    );
    expect(after.results.map((x: { lead_id: string }) => x.lead_id)).toEqual(
      whole.results.slice(250).map((x: { lead_id: string }) => x.lead_id),
    );
  });

  it('flags repeat and take comma lists; aliases work; locations stay literal', async () => {
    const ds = t.sb.services.dataset;
    const p = ds.person(0);
    const r = await prospect(['search', 'people', '--location', p.location, '--title', p.title, '--json'], { env: t.env });
    expect(r.exitCode).toBe(0);
    const page = JSON.parse(r.stdout);
    expect(page.results.map((x: { lead_id: string }) => x.lead_id)).toContain(p.lead_id);
    for (const row of page.results) expect(row.location).toBe(p.location);
    const two = JSON.parse(
      (await prospect(['search', 'people', '--seniority', 'Owner,Founder', '--json', '--limit', '100'], { env: t.env })).stdout,
    );
    expect(new Set(two.results.map((x: { seniority: string }) => x.seniority))).toEqual(new Set(['Owner', 'Founder']));
  });

  it('an exhausted daily search cap exits 6 after the rows already fetched', async () => {
    await control(t.sb, 'POST', '/clock', { set_ms: Date.UTC(2031, 2, 3, 0, 0, 5) });
    for (let i = 0; i < 59; i++) {
      // Stay under the per-key and per-organization minute limits: only the daily cap should bite.
      if (i > 0 && i % 25 === 0) await control(t.sb, 'POST', '/clock', { advance_ms: 60_000 });
      const res = await raw(t.sb, 'POST', '/api/v2/people/find', {
        token: t.sb.demoKey,
        body: { filters: { departments: ['Legal'] }, limit: 1 },
      });
      expect(res.status).toBe(200);
    }
    await control(t.sb, 'POST', '/clock', { advance_ms: 60_000 });
    const r = await prospect(['search', 'people', '--department', 'Legal', '--all', '--page-size', '1', '--format', 'ndjson'], {
      env: t.env,
    });
    expect(r.exitCode).toBe(6);
    expect(ndjson(r.stdout)).toHaveLength(1);
    expect(r.stderr).toMatch(/rate_limited/i);
  });
});

describe('search people filters, compile and at-companies', () => {
  it('filters FIELD QUERY lists values with counts; fixed fields list without a query', async () => {
    const r = await prospect(['search', 'people', 'filters', 'titles', 'engineer', '--json'], { env: t.env });
    expect(r.exitCode).toBe(0);
    const body = JSON.parse(r.stdout);
    expect(body.values.length).toBeGreaterThan(0);
    for (const v of body.values) expect(v.value.toLowerCase()).toContain('engineer');
    const fixed = await prospect(['search', 'people', 'filters', 'seniority', '--format', 'csv'], { env: t.env });
    expect(fixed.stdout.split('\n')).toContain('Vice President');
    const typo = await prospect(['search', 'people', 'filters', 'titels', 'x'], { env: t.env });
    expect(typo.exitCode).toBe(2);
    expect(typo.stderr).toContain('"titles"');
    const noQuery = await prospect(['search', 'people', 'filters', 'titles'], { env: t.env });
    expect(noQuery.exitCode).toBe(2);
  });

  it('compile prints the route and the compiled filters as JSON', async () => {
    const r = await prospect(['search', 'people', 'compile', '--criteria', '{"jobTitlesInclude":["CTO"],"jobTitleMatchType":"contains"}'], {
      env: t.env,
    });
    expect(r.exitCode).toBe(0);
    const c = JSON.parse(r.stdout);
    expect(c.route).toBe('person_first');
    expect(c.person_filter.type).toBe('group_filter');
    const empty = await prospect(['search', 'people', 'compile', '--criteria', '{}'], { env: t.env });
    expect(empty.exitCode).toBe(2);
    expect(empty.stderr).toContain('empty_criteria');
  });

  it('at-companies waits for the job and prints the people; --no-wait prints the handle; --task watches it', async () => {
    // The CLI polls on the sandbox's clock: the job's time passes as the CLI waits.
    const onSandboxClock = { env: t.env, clock: sandboxClock(t.sb) };
    const ds = t.sb.services.dataset;
    const { domain } = biggestCompany();
    const company = ds.company(ds.companyIndexByDomain(domain)!);
    const companyFilter = JSON.stringify({ op: 'and', conditions: [{ column: 'domain', type: 'in', value: [domain] }] });
    const personFilter = JSON.stringify({
      type: 'group_filter',
      op: 'and',
      filters: [{ column: 'company_domain', filter_type: 'in', value: [domain] }],
    });
    const r = await prospect(
      ['search', 'people', 'at-companies', '--company-filter', companyFilter, '--person-filter', personFilter, '--json'],
      onSandboxClock,
    );
    expect(r.exitCode).toBe(0);
    const done = JSON.parse(r.stdout);
    expect(done.status).toBe('completed');
    expect(done.resolved_company_count).toBe(1);
    for (const row of done.results) expect(row.company).toBe(company.name);

    const started = await prospect(
      [
        'search',
        'people',
        'at-companies',
        '--company-linkedin-urls',
        company.linkedin_url,
        '--person-filter',
        personFilter,
        '--no-wait',
        '--json',
      ],
      onSandboxClock,
    );
    const handle = JSON.parse(started.stdout);
    expect(handle.task_id).toMatch(/^svc-task_/);
    expect(started.stderr).toContain(`--task ${handle.task_id}`);
    const watched = await prospect(['search', 'people', 'at-companies', '--task', handle.task_id, '--json'], onSandboxClock);
    expect(watched.exitCode).toBe(0);
    expect(JSON.parse(watched.stdout).status).toBe('completed');

    const everyCompany = JSON.stringify({ op: 'and', conditions: [{ column: 'founded_year', type: 'gte', value: 1 }] });
    const failed = await prospect(
      ['search', 'people', 'at-companies', '--company-filter', everyCompany, '--person-filter', personFilter],
      onSandboxClock,
    );
    expect(failed.exitCode).toBe(8);
    expect(failed.stderr).toMatch(/job_failed: find-at-companies job svc-task_\w+ failed: /);

    const missing = await prospect(['search', 'people', 'at-companies', '--person-filter', personFilter], onSandboxClock);
    expect(missing.exitCode).toBe(2);
    const unknown = await prospect(['search', 'people', 'at-companies', '--task', 'svc-task_000000000000000000000000'], onSandboxClock);
    expect(unknown.exitCode).toBe(4);
    expect(unknown.stderr).toContain('task_not_found');
  });
});

describe('--title is looked up before a search is spent', () => {
  const searches = () => t.sb.services.requestLog.list().filter((r) => r.method === 'POST' && r.path.endsWith('/people/find')).length;

  it('a title no person holds exactly exits 2 with the nearest exact titles, and spends no search; --no-check sends it as typed', async () => {
    const before = searches();
    const wrong = await prospect(['search', 'people', '--title', 'cto', '--json'], { env: t.env });
    expect(wrong.exitCode).toBe(2);
    expect(wrong.stderr).toContain('--title cto: no person holds exactly this title');
    expect(wrong.stderr).toContain('did you mean CTO, Chief Technology Officer?');
    expect(wrong.stdout).toBe('');
    const none = await prospect(['search', 'people', '--title', 'Xyzzy Wizard'], { env: t.env });
    expect(none.exitCode).toBe(2);
    expect(none.stderr).toContain("Look titles up with: prospect search people filters titles 'Xyzzy Wizard'");
    expect(searches()).toBe(before);

    const right = await prospect(['search', 'people', '--title', 'CTO', '--limit', '2', '--json'], { env: t.env });
    expect(right.exitCode, right.stderr).toBe(0);
    expect(JSON.parse(right.stdout).results.every((p: { title: string }) => p.title === 'CTO')).toBe(true);
    const asTyped = await prospect(['search', 'people', '--title', 'cto', '--no-check', '--json'], { env: t.env });
    expect(asTyped.exitCode, asTyped.stderr).toBe(0);
    expect(JSON.parse(asTyped.stdout).total).toBe(0);
    expect(searches()).toBe(before + 2);
  });
});
