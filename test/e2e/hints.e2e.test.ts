import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { control } from '../sandbox/helpers.js';
import { records, shapeForSync } from '../sandbox/sync-helpers.js';
import { json } from '../helpers/json.js';
import { tempDir } from '../helpers/temp-dir.js';
import { prospect, runInProcess, sandboxClock } from '../helpers/in-process.js';
import { routeCommand, routesNamedIn } from '../../src/cli/route-commands.js';
import { HTTP_TERMS } from '../../src/cli/route-text.js';
import { usePaidSandbox } from './enrich-helpers.js';

/**
 * Every hint the sandbox can put in an answer (agent_instructions, usage, message), brought
 * about through the CLI: a person reads no HTTP route or HTTP-only term; where the hint means
 * something the command does not say, it reads it in our words with the prospect command that
 * does it, which runs as printed; a summary is said once; --debug shows the hint as it came.
 */

const t = usePaidSandbox();

type Env = Record<string, string | undefined>;
const run = (argv: string[], o: { env?: Env; cwd?: string } = {}) =>
  prospect(argv, { env: o.env ?? t.env, clock: sandboxClock(t.sb), ...(o.cwd ? { cwd: o.cwd } : {}) });

/** The words of a printed command line, as a POSIX shell reads them (sh only splits; the command runs in process). */
async function shellWords(line: string): Promise<string[]> {
  const r = await execa('sh', ['-c', `printf '%s\\0' ${line}`], { reject: false });
  return String(r.stdout).split('\0').slice(0, -1);
}

/** The command printed on the line after `marker` (an indented `prospect ...`), run in process as printed. */
async function runPrinted(stderr: string, marker: string, o: { env?: Env; cwd?: string } = {}) {
  const at = stderr.indexOf(marker);
  expect(at, `"${marker}" in:\n${stderr}`).toBeGreaterThanOrEqual(0);
  const line = /\n? *(prospect [^\n]*)/.exec(stderr.slice(at + marker.length))![1]!;
  const words = await shellWords(line);
  expect(words[0]).toBe('prospect');
  return { line, result: await run(words.slice(1), o) };
}

/** What a person reads: no route on stdout or stderr, no HTTP-only term on stderr (stdout is data). */
function speaksOurLanguage(r: { stdout: string; stderr: string }): void {
  expect(routesNamedIn(r.stdout), r.stdout).toEqual([]);
  expect(routesNamedIn(r.stderr), r.stderr).toEqual([]);
  expect(r.stderr).not.toMatch(HTTP_TERMS);
}

/** The raw hints --debug printed, and every route they name known to the route table. */
function rawHints(stderr: string): string[] {
  const hints = [...stderr.matchAll(/^\[debug\] (agent_instructions|usage|message): (.*)$/gm)].map((m) => `${m[1]}: ${m[2]}`);
  for (const h of hints)
    for (const r of routesNamedIn(h)) expect(routeCommand(r.method, r.path), `${r.method} ${r.path} in the route table`).toBeDefined();
  return hints;
}

/**
 * A command whose stderr is exactly `said`, ending in a command for a person to run, and that
 * command run as printed (exit 0): what it printed.
 */
async function saysWithCommand(argv: string[], said: string): Promise<{ stdout: string; stderr: string }> {
  const r = await run(argv);
  expect(r.exitCode, r.stderr).toBe(0);
  speaksOurLanguage(r);
  expect(r.stderr).toBe(said);
  const line = /\n {2}(prospect [^\n]*)\n$/.exec(said)![1]!;
  const printed = await run((await shellWords(line)).slice(1));
  expect(printed.exitCode, printed.stderr).toBe(0);
  return printed;
}

/** The raw hints of the same command under --debug. */
const debugHints = async (argv: string[]) => rawHints((await run([...argv, '--debug'])).stderr);

const count = (text: string, part: string) => text.split(part).length - 1;

const sites = new Set<string>();
/** A test of the sandbox hints it brings about, each `file#key#n`: the n-th place of that file putting that key in an answer. */
function hint(hintSites: string[], name: string, fn: () => Promise<void>): void {
  for (const s of hintSites) sites.add(s);
  it(name, fn);
}

async function syncList(name: string, n: number): Promise<string> {
  const id = await t.seedList(name, n);
  shapeForSync(records(t, id));
  return id;
}

describe('search hints', () => {
  hint(
    ['routes/search-people.ts#agent_instructions#1'],
    'people rows: the count and the next page are said once, in our words; no route to save them',
    async () => {
      const r = await run(['search', 'people', '--seniority', 'C-Suite', '--limit', '3']);
      expect(r.exitCode, r.stderr).toBe(0);
      speaksOurLanguage(r);
      expect(count(r.stderr, ' of 157 people')).toBe(1);
      expect(r.stderr).not.toMatch(/Rows 1 to 3|daily people searches used/);
      const d = await run(['search', 'people', '--seniority', 'C-Suite', '--limit', '3', '--debug']);
      expect(rawHints(d.stderr)).toEqual([
        expect.stringMatching(/^agent_instructions: Rows 1 to 3 of 157\. .*POST \/lead-lists\/\{list_id\}\/leads/),
      ]);
    },
  );

  hint(
    ['routes/search-people.ts#usage#1'],
    'people, no match on flat filters: where to look the values up, as a command that runs',
    async () => {
      await saysWithCommand(
        ['search', 'people', '--country', 'Narnia'],
        'To broaden the search: see which locations values there are with:\n  prospect search people filters locations Narnia\n',
      );
      await saysWithCommand(
        ['search', 'people', '--title', 'Chief Widget Officer', '--no-check'],
        "To broaden the search: titles match exactly and case-sensitively; see the titles people hold with:\n  prospect search people filters titles 'Chief Widget Officer'\n",
      );
      expect(await debugHints(['search', 'people', '--country', 'Narnia'])).toEqual([
        expect.stringMatching(/^agent_instructions: No rows on this page \(0 matches\)/),
        expect.stringMatching(/^usage: No people matched\. .*GET \/people\/find\/filters\?field=titles&query=<text>/),
      ]);
    },
  );

  hint(
    ['routes/search-people.ts#usage#1'],
    'people, no match on criteria: what the criteria compile to, as a command that runs with the same criteria',
    async () => {
      const criteria = '{"countriesInclude":["Narnia"]}';
      const printed = await saysWithCommand(
        ['search', 'people', '--criteria', criteria],
        'To broaden the search: "jobTitleMatchType": "contains" matches parts of titles and synonyms; companyDomainsInclude is surer than names. ' +
          `See what the criteria become with:\n  prospect search people compile --criteria '${criteria}'\n`,
      );
      expect(printed.stdout).toContain('Narnia');
      expect(await debugHints(['search', 'people', '--criteria', criteria])).toContainEqual(
        expect.stringMatching(/^usage: No people matched\. .*POST \/people\/find\/compile shows/),
      );
    },
  );

  hint(
    ['routes/search-companies.ts#agent_instructions#1'],
    'companies rows: the count is said once; the task id route is left out',
    async () => {
      const r = await run(['search', 'companies', '--headcount', '5001-10000', '--limit', '2']);
      expect(r.exitCode, r.stderr).toBe(0);
      speaksOurLanguage(r);
      expect(count(r.stderr, '2 of 18 companies')).toBe(1);
      const d = await run(['search', 'companies', '--headcount', '5001-10000', '--limit', '2', '--debug']);
      expect(rawHints(d.stderr)).toEqual([expect.stringMatching(/^agent_instructions: Rows 1 to 2 of 18\. .*task_id/)]);
    },
  );

  hint(['routes/search-companies.ts#usage#1'], 'companies, no match: where to look the values up, as a command that runs', async () => {
    await saysWithCommand(
      ['search', 'companies', '--industry', 'Widgetry'],
      'To broaden the search: see which industries values there are with:\n  prospect search companies filters industries Widgetry\n',
    );
    expect(await debugHints(['search', 'companies', '--industry', 'Widgetry'])).toContainEqual(
      expect.stringMatching(/^usage: No companies matched\. .*GET \/search\/companies\/filters\?field=<field>/),
    );
  });

  hint(['routes/search-companies.ts#usage#2'], 'similar companies of an unknown domain: the search that finds it, which runs', async () => {
    await saysWithCommand(
      ['search', 'companies', 'similar', 'nosuch.example'],
      'Look nosuch.example up among the companies with:\n  prospect search companies --domain nosuch.example\n',
    );
    const byId = await run(['search', 'companies', 'similar', '--id', 'cmp_nosuch']);
    expect(byId.stderr).toBe('Give the company’s domain instead of its id.\n');
    expect(await debugHints(['search', 'companies', 'similar', 'nosuch.example'])).toEqual([
      expect.stringMatching(/^usage: No company is known by domain nosuch\.example\. Find the company with POST \/search\/companies/),
    ]);
  });

  it('at a terminal, the table’s empty message says there was no match and the note only how to broaden: once each', async () => {
    // A table at a terminal; TERM=dumb keeps the spinner off, so stderr holds the lines alone.
    const terminal = { ...t.env, NO_COLOR: '1', TERM: 'dumb' };
    const people = await runInProcess(['search', 'people', '--country', 'Narnia'], { env: terminal, tty: true, clock: sandboxClock(t.sb) });
    expect(people.code, people.stderr).toBe(0);
    expect(people.stderr).toBe(
      'To broaden the search: see which locations values there are with:\n  prospect search people filters locations Narnia\nNo people match these filters.\n',
    );
    const similar = await runInProcess(['search', 'companies', 'similar', 'nosuch.example'], {
      env: terminal,
      tty: true,
      clock: sandboxClock(t.sb),
    });
    expect(similar.stderr).toBe(
      'Look nosuch.example up among the companies with:\n  prospect search companies --domain nosuch.example\nNo similar companies: the service found no company for nosuch.example.\n',
    );
  });

  hint(
    ['routes/search-companies.ts#agent_instructions#2'],
    'similar companies found: the rows only; the scoring note and the task id route are left out',
    async () => {
      const seed = json((await run(['search', 'companies', '--headcount', '5001-10000', '--limit', '1', '--json'])).stdout).results[0]
        .domain;
      const r = await run(['search', 'companies', 'similar', seed, '--limit', '2']);
      expect(r.exitCode, r.stderr).toBe(0);
      speaksOurLanguage(r);
      expect(r.stderr).toBe('');
      const d = await run(['search', 'companies', 'similar', seed, '--limit', '2', '--debug']);
      expect(rawHints(d.stderr)).toEqual([expect.stringMatching(/^agent_instructions: similarity_score is the share of facets/)]);
    },
  );

  hint(
    ['routes/filter-values.ts#usage#1'],
    'filter values with no match: the empty result only (the command says it), no hint repeated',
    async () => {
      const r = await run(['search', 'people', 'filters', 'titles', 'zzqqxx']);
      expect(r.exitCode, r.stderr).toBe(0);
      speaksOurLanguage(r);
      expect(r.stdout).toBe('value\tcount\n');
      expect(r.stderr).toBe('');
      const d = await run(['search', 'people', 'filters', 'titles', 'zzqqxx', '--debug']);
      expect(rawHints(d.stderr)).toEqual([
        'usage: No titles value contains "zzqqxx". Try a shorter or different text (matching ignores case).',
      ]);
    },
  );

  hint(['routes/find-at-companies.ts#agent_instructions#1'], 'people at companies: the block and its count, no poll_url', async () => {
    const argv = [
      'search',
      'people',
      'at-companies',
      '--company-filter',
      '{"op":"and","conditions":[{"column":"employee_count","type":"greater_than","value":5000}]}',
      '--person-filter',
      '{"type":"group_filter","op":"and","filters":[{"column":"seniority","filter_type":"in","value":["C-Suite"]}]}',
    ];
    const r = await run(argv);
    expect(r.exitCode, r.stderr).toBe(0);
    speaksOurLanguage(r);
    const d = await run([...argv, '--debug']);
    expect(rawHints(d.stderr)).toEqual([expect.stringMatching(/^agent_instructions: Poll poll_url until status is completed or failed/)]);
  });
});

describe('credits hints', () => {
  hint(['routes/credits.ts#agent_instructions#1'], 'balance: the figures only', async () => {
    const r = await run(['credits', 'balance']);
    expect(r.exitCode, r.stderr).toBe(0);
    speaksOurLanguage(r);
    expect(r.stderr).toBe('');
    const d = await run(['credits', 'balance', '--debug']);
    expect(rawHints(d.stderr)).toEqual([expect.stringMatching(/^agent_instructions: 5000 credits available .*POST \/credits\/estimate/)]);
  });

  hint(
    ['routes/credits.ts#agent_instructions#2'],
    'estimate: the figures only, whether the balance covers it or not, and for a tool without a quote',
    async () => {
      await t.seedList('Q3', 10);
      for (const credits of [5000, 3]) {
        await control(t.sb, 'POST', '/balance', { credits });
        const r = await run(['credits', 'estimate', '--tool', 'enrich_list', '--list', 'Q3']);
        expect(r.exitCode, r.stderr).toBe(0);
        speaksOurLanguage(r);
        const d = await run(['credits', 'estimate', '--tool', 'enrich_list', '--list', 'Q3', '--debug']);
        expect(rawHints(d.stderr)).toEqual([
          expect.stringMatching(
            credits === 3
              ? /Send quote_id with the same request .* 7 credits short/
              : /^agent_instructions: At most 10 credits for 10 rows\. Send quote_id/,
          ),
        ]);
      }
      const similar = await run(['credits', 'estimate', '--tool', 'find_similar_companies', '--rows', '3', '--debug']);
      expect(rawHints(similar.stderr)).toEqual(['agent_instructions: Similar companies deduct nothing and need no quote.']);
    },
  );
});

describe('list, import and key hints', () => {
  hint(['routes/find-people.ts#message#1'], 'find-people with company ids not on the list: a warning naming them, once', async () => {
    const companies = json((await run(['search', 'companies', '--headcount', '5001-10000', '--limit', '1', '--json'])).stdout);
    await run(['lists', 'create', 'Accounts']);
    await run(['lists', 'add', 'Accounts', '--task', companies.task_id]);
    const argv = ['lists', 'find-people', 'Accounts', '--company-ids', `${companies.results[0].company_id},cmp_elsewhere,cmp_other`];
    const r = await run(argv);
    expect(r.exitCode, r.stderr).toBe(0);
    speaksOurLanguage(r);
    expect(r.stderr).toContain(
      'warning: 2 of the --company-ids are not companies of this list and were left out: cmp_elsewhere, cmp_other.\n',
    );
    expect(count(r.stderr, 'cmp_elsewhere')).toBe(1);
    const d = await run([...argv, '--debug']);
    expect(rawHints(d.stderr)).toEqual([
      'message: 2 of the company_ids are not companies of this list and were dropped: cmp_elsewhere, cmp_other.',
    ]);
  });

  hint(['routes/csv-import.ts#message#1'], 'import with enrichment where no row is imported: said once, by the command', async () => {
    const cwd = tempDir();
    writeFileSync(path.join(cwd, 'bad.csv'), 'email,first_name\nnot-an-email,A\n,B\n');
    const r = await run(['import', 'Bad rows', 'bad.csv', '--create', '--enrich', 'partial', '--yes'], { cwd });
    expect(r.exitCode, r.stderr).toBe(0);
    speaksOurLanguage(r);
    expect(count(r.stderr, 'nothing was enriched')).toBe(1);
    expect(r.stderr).not.toContain('no enrichment was dispatched');
    // A row the command cannot tell is refused (its LinkedIn URL is a lead of the list already) goes with enrichment; the service imports nothing.
    writeFileSync(path.join(cwd, 'first.csv'), 'linkedin_url,first_name\nhttps://www.linkedin.com/in/dup-person,A\n');
    writeFileSync(path.join(cwd, 'again.csv'), 'linkedin_url,first_name\nhttps://www.linkedin.com/in/dup-person,B\n');
    expect((await run(['import', 'Bad rows again', 'first.csv', '--create'], { cwd })).exitCode).toBe(0);
    const d = await run(['import', 'Bad rows again', 'again.csv', '--enrich', 'partial', '--yes', '--debug'], { cwd });
    expect(rawHints(d.stderr)).toContain('message: No row was imported, so no enrichment was dispatched and nothing was reserved.');
  });

  hint(['routes/api-keys.ts#message#1'], 'keys revoke-all: the count, without the service repeating it', async () => {
    const admin = { ...t.env, PROSPECT_JWT: t.sb.mintJwt() };
    await control(t.sb, 'POST', '/keys', {});
    const d = await run(['keys', 'revoke-all', '--yes', '--debug'], { env: admin });
    expect(d.exitCode, d.stderr).toBe(0);
    expect(rawHints(d.stderr)).toEqual([expect.stringMatching(/^message: Revoked \d+ active API keys?$/)]);
    await control(t.sb, 'POST', '/keys', {});
    const r = await run(['keys', 'revoke-all', '--yes'], { env: admin });
    expect(r.exitCode, r.stderr).toBe(0);
    speaksOurLanguage(r);
    expect(r.stderr).not.toContain('Revoked');
  });

  it('a service error fix naming a route: lists create --folder names the command that makes a folder', async () => {
    const r = await run(['lists', 'create', 'Filed', '--folder', 'fld_nope']);
    expect(r.exitCode).toBe(4);
    speaksOurLanguage(r);
    expect(r.stderr).toBe(
      'error: not_found: --folder fld_nope: no folder of yours has this id\n' +
        '  fix: Give the id of one of your folders, or leave out --folder. To make one (it prints its id), see: prospect folders create --help\n',
    );
    const printed = await runPrinted(r.stderr, 'see: ');
    expect(printed.result.exitCode).toBe(0);
    expect(printed.result.stdout).toContain('Usage: prospect folders create');
  });

  it('a service error fix naming a route the command runs with: the command, as printed; --debug adds the service’s words', async () => {
    const r = await run(['agents', 'results', 'agent-nosuch']);
    expect(r.exitCode).toBe(4);
    speaksOurLanguage(r);
    expect(r.stderr).toContain('or list runs with prospect agents ls\n');
    const printed = await runPrinted(r.stderr, 'or list runs with ');
    expect(printed.result.exitCode, printed.result.stderr).toBe(0);
    const d = await run(['agents', 'results', 'agent-nosuch', '--debug']);
    expect(d.stderr).toContain(
      '[debug] service fix: Use the smart_agent_task_id returned when the run started, or list runs with GET /smart-agents.',
    );
  });
});

describe('paid run hints', () => {
  hint(
    ['engine/sync.ts#agent_instructions#1', 'routes/migrate.ts#agent_instructions#1'],
    'sync preview: the preview the command prints; the service’s summary is not repeated',
    async () => {
      await syncList('S', 16);
      const r = await run(['sync', 'sequencer', 'S', '--campaign', 'Founder follow-up', '--dry-run']);
      expect(r.exitCode, r.stderr).toBe(0);
      speaksOurLanguage(r);
      expect(count(r.stderr, '16 leads: '), r.stderr).toBe(1);
      expect(r.stderr).not.toContain('would push');
      const d = await run(['sync', 'sequencer', 'S', '--campaign', 'Founder follow-up', '--dry-run', '--debug']);
      expect(rawHints(d.stderr)).toEqual(
        expect.arrayContaining([
          'agent_instructions: Send a campaign_id with POST /migrate/sequencer to push a list into that campaign.',
          expect.stringMatching(
            /^agent_instructions: Syncing list "S" to .* would push \d+ of 16 leads .*Nothing was pushed or charged\.$/,
          ),
        ]),
      );
    },
  );

  hint(
    ['engine/sync.ts#agent_instructions#2'],
    'sync pushed: the counts and the charge once, in the result the command prints; failed: the command’s error alone',
    async () => {
      await syncList('S', 16);
      const r = await run(['sync', 'crm', 'S', '--provider', 'crm_one', '--yes']);
      expect(r.exitCode, r.stderr).toBe(0);
      speaksOurLanguage(r);
      expect(r.stdout).toMatch(
        /^workflow_id\tstatus\tprovider\ttotal_leads\tsuccessful\tskipped\tfailed\tcredits_charged\nsvc-sync_\S+\tcompleted\tcrm_one\t16\t\d+\t2\t\d+\t4\n$/,
      );
      expect(r.stderr).not.toMatch(/Pushed|charged/);
      await control(t.sb, 'POST', '/sync/failures', { provider: 'crm_one', outcome: 'status_failed' });
      const failed = await run(['sync', 'crm', 'S', '--provider', 'crm_one', '--yes']);
      expect(failed.exitCode).toBe(8);
      speaksOurLanguage(failed);
      expect(failed.stderr).not.toContain('Pushed');
      await control(t.sb, 'POST', '/sync/failures', { provider: 'crm_one', outcome: 'status_failed' });
      const d = await run(['sync', 'crm', 'S', '--provider', 'crm_one', '--yes', '--debug']);
      expect(rawHints(d.stderr)).toContainEqual(
        expect.stringMatching(/^agent_instructions: The sync to crm_one .* failed: the destination refused all 14 leads/),
      );
      const ok = await run(['sync', 'crm', 'S', '--provider', 'crm_one', '--yes', '--debug']);
      expect(rawHints(ok.stderr)).toContainEqual(
        expect.stringMatching(/^agent_instructions: Pushed 14 of 16 leads .* POST \/migrate\/preview lists the skipped leads\.$/),
      );
    },
  );

  hint(
    ['routes/smart-agents.ts#agent_instructions#1', 'engine/agents.ts#message#1'],
    'agents run started: the command to read the results, which runs; failed: the refund said once',
    async () => {
      await t.seedList('Q3', 5);
      const r = await run(['agents', 'run', 'Q3', '--type', 'company_intel', '--column', 'Intel', '--yes', '--no-wait']);
      expect(r.exitCode, r.stderr).toBe(0);
      speaksOurLanguage(r);
      const printed = await runPrinted(r.stderr, 'Read the results with:');
      expect(printed.line).toMatch(new RegExp(`^prospect agents results ${r.stdout.trim()}( --wait)?$`));
      expect(printed.result.exitCode, printed.result.stderr).toBe(0);
      const started = await run([
        'agents',
        'run',
        'Q3',
        '--type',
        'company_intel',
        '--column',
        'Intel',
        '--overwrite',
        '--yes',
        '--no-wait',
        '--debug',
      ]);
      expect(rawHints(started.stderr)).toContainEqual(
        expect.stringMatching(/^agent_instructions: Started company_intel over 5 leads; .*Poll GET \/smart-agents\/agent-/),
      );

      await control(t.sb, 'POST', '/smart-agents', { fail_next: 1 });
      const failed = await run(['agents', 'run', 'Q3', '--type', 'company_intel', '--column', 'Intel2', '--yes']);
      expect(failed.exitCode).toBe(8);
      speaksOurLanguage(failed);
      expect(count(failed.stderr, 'refunded')).toBe(1);
      await control(t.sb, 'POST', '/smart-agents', { fail_next: 1 });
      const d = await run(['agents', 'run', 'Q3', '--type', 'company_intel', '--column', 'Intel3', '--yes', '--debug']);
      expect(rawHints(d.stderr)).toContainEqual(
        expect.stringMatching(/^message: The run failed as a whole; its 5 credits were refunded in full/),
      );
    },
  );

  hint(
    ['engine/legacy-enrich.ts#message#1'],
    'v1 bulk enrichment: the watch command, which runs, and the duplicates left out; no route to poll',
    async () => {
      const cwd = tempDir();
      const contact = { linkedin_url: 'https://www.linkedin.com/in/hint-test-1' };
      writeFileSync(
        path.join(cwd, 'c.json'),
        JSON.stringify({ contacts: [contact, contact, { linkedin_url: 'https://www.linkedin.com/in/hint-test-2' }] }),
      );
      const r = await run(['enrich', 'legacy-bulk', 'c.json', '--yes', '--no-wait'], { cwd });
      expect(r.exitCode, r.stderr).toBe(0);
      speaksOurLanguage(r);
      expect(r.stderr).toContain(': 2 contacts.\n1 duplicate contact was left out (each contact is enriched once).\n');
      const printed = await runPrinted(r.stderr, 'Watch it with:', { cwd });
      expect(printed.line).toBe(`prospect enrich legacy-status --workflow ${r.stdout.trim()}`);
      expect(printed.result.exitCode, printed.result.stderr).toBe(0);
      writeFileSync(path.join(cwd, 'd.json'), JSON.stringify({ contacts: [{ linkedin_url: 'https://www.linkedin.com/in/hint-test-3' }] }));
      const d = await run(['enrich', 'legacy-bulk', 'd.json', '--yes', '--no-wait', '--debug'], { cwd });
      expect(d.stderr).not.toContain('duplicate');
      expect(rawHints(d.stderr)).toContainEqual(
        expect.stringMatching(
          /^message: Enrichment of 1 contact started\. Poll GET \/api\/v1\/public\/enrich\/status\?workflow_id=public_bulk_/,
        ),
      );
    },
  );
});

describe('every sandbox hint', () => {
  /** Where the sandbox puts a hint key in an answer: `file#key#n` (zod messages and error fields are not hints). */
  function hintSites(): string[] {
    const root = path.resolve(__dirname, '../../src/sandbox');
    const found: string[] = [];
    for (const dir of ['routes', 'engine'])
      for (const name of readdirSync(path.join(root, dir)).sort()) {
        if (name.startsWith('controls') || name === 'errors.ts' || name === 'criteria.ts') continue;
        const seen: Record<string, number> = {};
        for (const line of readFileSync(path.join(root, dir, name), 'utf8').split('\n')) {
          if (/^\s*(\/\/|\*|\/\*)/.test(line) || /z\.refine/.test(line)) continue;
          for (const m of line.matchAll(/\b(agent_instructions|usage|message)\b\s*[:,](?!\s*string)/g)) {
            if (/\.\s*$/.test(line.slice(0, m.index))) continue;
            seen[m[1]!] = (seen[m[1]!] ?? 0) + 1;
            found.push(`${dir}/${name}#${m[1]}#${seen[m[1]!]}`);
          }
        }
      }
    return found.sort();
  }

  it('has a test above', () => {
    const all = hintSites();
    expect([...sites].sort()).toEqual(all);
    expect(all.length).toBe(19);
  });
});
