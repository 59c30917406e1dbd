import { defineCommand, type FlagOptions, type FlagSpec } from '../../cli/command.js';
import { jobFailedError, usageError } from '../../cli/errors.js';
import { intInRange } from '../../cli/parse.js';
import { oneStdinReader, readJsonObject } from '../../cli/json-input.js';
import { checkPersonFilter, isCompanyRawFilter } from '../../api/search-check.js';
import { SEARCH_LIMITS, type PersonGroupFilter } from '../../api/schemas/values/search.js';
import type { FindAtCompaniesBody, FindAtCompaniesStatusResponse } from '../../api/schemas/search.js';
import { PERSON_TABLE_COLUMNS } from './shared/run-search.js';
import { gather } from '../../cli/cmdutil/split-values.js';
import type { Context } from '../../cli/context.js';
import { pollOptions, withProgress } from '../../cli/wait.js';
import type { Readable } from 'node:stream';
import { printHandle } from '../../cli/wait.js';
import { nextCommand, sameCommandWith } from '../../cli/command-line.js';
import { counted, formatCount } from '../../cli/output/numbers.js';

const L = SEARCH_LIMITS.findAtCompanies;

const FLAGS = [
  {
    flags: '--person-filter <file|json>',
    description: 'people to find: {"type":"group_filter","op":"and","filters":[{"column","filter_type","value"}]}',
  },
  {
    flags: '--company-filter <file|json>',
    description: 'companies to search: the raw {"op","conditions":[{"column","type","value"}]} shape',
  },
  {
    flags: '--company-linkedin-urls <urls>',
    description: 'LinkedIn company URLs; repeatable or comma-separated (intersected with --company-filter)',
    parse: gather('comma'),
  },
  {
    flags: '--limit <n>',
    description: `people in this block (${L.min}-${L.max})`,
    parse: intInRange('--limit', L.min, L.max),
    defaultDescription: String(L.default),
  },
  { flags: '--cursor <cursor>', description: 'the next block after a completed job (send the same filters)' },
  { flags: '--task <task_id>', description: 'watch a job already started instead of starting one' },
] as const satisfies readonly FlagSpec[];

type Options = FlagOptions<typeof FLAGS>;

export const command = defineCommand({
  description:
    'Starts a search for people at a set of companies (a company filter, LinkedIn company URLs, or both intersected), ' +
    'waits for it with progress and prints the people found. Free. With --no-wait it prints the task handle alone on stdout (the whole ' +
    'answer with --json), for TASK=$(prospect ... --no-wait); ' +
    '--task watches a job already started. One job returns one block: run again with --cursor for the next.',
  flags: FLAGS,
  examples: [
    `prospect search people at-companies --company-filter '{"op":"and","conditions":[{"column":"industry","type":"in","value":["Software Development"]}]}' --person-filter '{"type":"group_filter","op":"and","filters":[{"column":"seniority","filter_type":"in","value":["C-Suite"]}]}'`,
    'prospect search people at-companies --company-linkedin-urls https://www.linkedin.com/company/acme --person-filter people.json --no-wait',
    'prospect search people at-companies --task svc-task_... --json',
  ],
  related: ['prospect search people compile', 'prospect search companies'],
  async run(opts, ctx) {
    let taskId = opts.task;
    if (taskId === undefined) {
      const body = await buildBody(opts, ctx.io.stdin);
      const started = await ctx.api.people.findAtCompanies(body);
      taskId = started.task_id;
      if (!ctx.globals.wait) {
        return printHandle(ctx, taskId, started, ['search', 'people', 'at-companies', '--task', taskId]);
      }
    } else if (opts.personFilter !== undefined || opts.companyFilter !== undefined || opts.companyLinkedinUrls !== undefined) {
      throw usageError(
        '--task watches a job already started; it takes no filters',
        'Drop the filter flags, or drop --task to start a new job.',
      );
    }
    const status = ctx.globals.wait ? await wait(ctx, taskId) : await ctx.api.people.findAtCompaniesStatus(taskId);
    if (status.status === 'failed')
      throw jobFailedError(
        `find-at-companies job ${taskId} failed${status.error ? `: ${status.error}` : ''}`,
        'Narrow the company filter and start again.',
      );
    if (status.status !== 'completed') {
      await ctx.out.print({ kind: 'object', payload: status, fields: ['task_id', 'status'] });
      return;
    }
    await ctx.out.print({
      kind: 'rows',
      payload: status,
      rows: status.results ?? [],
      tableColumns: PERSON_TABLE_COLUMNS,
      emptyMessage: 'No people at these companies match the person filter.',
    });
    if (status.composite_warning) ctx.out.warn(status.composite_warning);
    const count = status.results?.length ?? 0;
    // The next block is a new job over the same filters: this command again with the cursor (a watched --task has no filters to repeat).
    const next = !status.cursor
      ? ''
      : opts.task === undefined
        ? `; the next block:\n  ${sameCommandWith(ctx, { '--cursor': status.cursor })}`
        : `; next block: the same filters with --cursor ${status.cursor}`;
    ctx.out.info(
      `${formatCount(count)} of ${counted(status.total ?? count, 'person', 'people')} at ${counted(status.resolved_company_count ?? 0, 'company', 'companies')}${next}`,
    );
  },
});

async function buildBody(opts: Options, stdin: Readable): Promise<FindAtCompaniesBody> {
  oneStdinReader({ '--person-filter': opts.personFilter, '--company-filter': opts.companyFilter });
  if (opts.personFilter === undefined)
    throw usageError(
      '--person-filter is required',
      `For example --person-filter '{"type":"group_filter","op":"and","filters":[{"column":"seniority","filter_type":"in","value":["C-Suite"]}]}'.`,
    );
  if (opts.companyFilter === undefined && !opts.companyLinkedinUrls?.length)
    throw usageError(
      'say which companies: --company-filter, --company-linkedin-urls, or both',
      'Both together search the companies in both.',
    );
  const person = await readJsonObject('--person-filter', opts.personFilter, stdin);
  const bad = checkPersonFilter(person);
  if (bad) throw usageError(bad.message, 'Fix the person filter and try again.');
  const body: FindAtCompaniesBody = { person_filter: person as unknown as PersonGroupFilter };
  if (opts.companyFilter !== undefined) {
    const company = await readJsonObject('--company-filter', opts.companyFilter, stdin);
    if (!isCompanyRawFilter(company))
      throw usageError(
        '--company-filter must be {"op":"and","conditions":[{"column":...,"type":...,"value":...}]}',
        'Use the raw company search shape.',
      );
    body.company_filter = company;
  }
  if (opts.companyLinkedinUrls?.length) body.company_linkedin_urls = opts.companyLinkedinUrls;
  if (opts.limit !== undefined) body.limit = opts.limit;
  if (opts.cursor !== undefined) body.cursor = opts.cursor;
  return body;
}

function wait(ctx: Context, taskId: string): Promise<FindAtCompaniesStatusResponse> {
  return withProgress(
    ctx,
    `Finding people at companies (${taskId})`,
    `The job keeps running. Watch it with: ${nextCommand(ctx, ['search', 'people', 'at-companies', '--task', taskId])}`,
    () => ctx.api.people.waitForFindAtCompanies(taskId, pollOptions(ctx)),
  );
}
