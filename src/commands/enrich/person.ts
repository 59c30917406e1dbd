import { defineCommand, type FlagOptions, type FlagSpec } from '../../cli/command.js';
import { usageError } from '../../cli/errors.js';
import { estimateBodyFor } from '../../api/quote-shape.js';
import type { PersonEnrichBody } from '../../api/schemas/enrichment.js';
import { PAY_AGAIN_FLAG, runPaid } from '../../cli/paid.js';
import { resolveList } from '../../cli/cmdutil/resolve-list.js';
import { DRY_RUN_FLAG, TYPE_FLAG } from '../../cli/cmdutil/enrich-flags.js';
import { STATUS_FIELDS, reportRun, watchRun } from '../../cli/cmdutil/enrich-watch.js';
import { printHandle } from '../../cli/wait.js';

const RESULT_FIELDS = [
  'workflow_id',
  'status',
  'result.status',
  'result.lead_id',
  'result.full_name',
  'result.email',
  'result.email_status',
  'result.phone',
  'result.linkedin_url',
  'result.title',
  'result.company',
  ...STATUS_FIELDS.filter((f) => f.startsWith('credits_') || f === 'refund_status'),
];

const FLAGS = [
  { flags: '--list <list>', description: 'the list the lead is saved to (id or exact name); required' },
  { flags: '--email <email>', description: 'a known email of the person' },
  { flags: '--linkedin <url>', description: 'the LinkedIn profile URL' },
  { flags: '--person-id <id>', description: 'a lead id (ld_...) or a search row id (sp_...)' },
  { flags: '--first <name>', description: 'first name (with --last and --company or --domain)' },
  { flags: '--last <name>', description: 'last name' },
  { flags: '--company <name>', description: 'company name' },
  { flags: '--domain <domain>', description: 'company domain' },
  { flags: '--phone <phone>', description: 'a phone number already known' },
  TYPE_FLAG,
  DRY_RUN_FLAG,
  PAY_AGAIN_FLAG,
] as const satisfies readonly FlagSpec[];

type Options = FlagOptions<typeof FLAGS>;

function buildBody(o: Options, listId: string): PersonEnrichBody {
  const strong = o.email ?? o.linkedin ?? o.personId;
  const named = o.first && o.last && (o.company || o.domain);
  if (!strong && !named)
    throw usageError(
      'say who to enrich: --email, --linkedin or --person-id, or --first and --last with --company or --domain',
      'For example: prospect enrich person --list "Q3" --linkedin https://www.linkedin.com/in/...',
    );
  const body: PersonEnrichBody = { lead_list_id: listId, enrichment_type: o.type };
  const set = (k: keyof PersonEnrichBody, v: string | undefined) => {
    if (v !== undefined) (body as Record<string, unknown>)[k] = v;
  };
  set('email', o.email);
  set('linkedin_url', o.linkedin);
  set('person_id', o.personId);
  set('first_name', o.first);
  set('last_name', o.last);
  set('company_name', o.company);
  set('domain', o.domain);
  set('phone', o.phone);
  return body;
}

export const command = defineCommand({
  description:
    'Finds the verified email (partial), phone (phone_only) or both (full) of one person and saves the lead to a list. ' +
    'Estimates first and asks before spending; a lookup that finds nothing costs nothing. Waits for the result; ' +
    '--no-wait prints the workflow id alone on stdout (the whole answer with --json), for WF=$(prospect ... --no-wait).',
  flags: FLAGS,
  examples: [
    'prospect enrich person --list "Q3" --linkedin https://www.linkedin.com/in/jane-doe',
    'prospect enrich person --list lst_... --first Jane --last Doe --domain example.com --type full --yes',
  ],
  related: ['prospect enrich status', 'prospect enrich list'],
  async run(opts, ctx) {
    if (!opts.list) throw usageError('--list is required: the list the enriched lead is saved to', 'Pass --list NAME or --list lst_....');
    buildBody(opts, 'check');
    const { list_id } = await resolveList(ctx.api, opts.list);
    const body = buildBody(opts, list_id);
    const paid = await runPaid(
      ctx,
      {
        estimate: estimateBodyFor({ tool: 'enrich_person', body }),
        what: `Enriching one person (${opts.type})`,
        run: (quote_id, journal) => ctx.api.enrichment.sendPerson({ ...body, quote_id }, { sleep: ctx.clock.sleep, journal }),
      },
      { dryRun: opts.dryRun },
    );
    if (!paid) return;
    const started = paid.result;
    if (!ctx.globals.wait) {
      return printHandle(ctx, started.workflow_id, started, ['enrich', 'status', started.workflow_id, '--wait']);
    }
    ctx.out.hints(started);
    const done = await watchRun(ctx, started.workflow_id);
    const notFound = done.result?.status === 'not_found';
    return reportRun(ctx, done, {
      fields: RESULT_FIELDS,
      ...(notFound ? { outcome: 'No provider found the data asked for; nothing was charged.' } : {}),
    });
  },
});
