import { defineCommand, type FlagSpec } from '../../cli/command.js';
import { usageError } from '../../cli/errors.js';
import { intInRange, oneOf } from '../../cli/parse.js';

const KINDS = ['latency', 'status', 'drop', 'rate_limit'] as const;
const PHASES = ['before', 'after'] as const;
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD'] as const;
type Kind = (typeof KINDS)[number];

/** The fields of a rule each kind uses; a flag for another kind's field would do nothing, so it is refused. */
const FIELDS_OF: Record<Kind, readonly string[]> = {
  latency: ['latency_ms'],
  status: ['status', 'code', 'retryable', 'retry_after_sec'],
  rate_limit: ['code', 'retryable', 'retry_after_sec'],
  drop: [],
};

const FLAGS = [
  {
    flags: '--kind <kind>',
    description: 'what the rule does: delay, answer an error, drop the connection or answer 429 (required)',
    choices: KINDS,
  },
  {
    flags: '--path <text>',
    description:
      'text the request path (with its query) holds, * for any run of characters, e.g. /lead-lists/*/leads; never a regular expression',
    defaultDescription: 'every path',
  },
  {
    flags: '--method <method>',
    description: 'only requests of this HTTP method',
    values: METHODS,
    parse: (raw: string) => oneOf('--method', METHODS)(raw.toUpperCase()),
    defaultDescription: 'any',
  },
  {
    flags: '--phase <phase>',
    description: 'before: instead of handling the request; after: once it is handled (its work done, the answer delayed, replaced or lost)',
    choices: PHASES,
    defaultDescription: 'before',
  },
  {
    flags: '--latency-ms <ms>',
    description: 'delay of a latency rule, in milliseconds (up to 120000)',
    parse: intInRange('--latency-ms', 0, 120_000),
  },
  {
    flags: '--status <status>',
    description: 'HTTP status a status rule answers (400 to 599)',
    parse: intInRange('--status', 400, 599),
    defaultDescription: '503',
  },
  {
    flags: '--code <code>',
    description: "the error code of the answer (one of the service's codes, e.g. internal_error or UPSTREAM_ERROR)",
    defaultDescription: 'the one of the status',
  },
  { flags: '--retryable', description: 'mark the injected error retryable' },
  { flags: '--no-retryable', description: 'mark the injected error not retryable' },
  {
    flags: '--retry-after-sec <sec>',
    description: 'Retry-After of the answer, in seconds (up to 86400)',
    parse: intInRange('--retry-after-sec', 0, 86_400),
    defaultDescription: '1 on a 429, none otherwise',
  },
  {
    flags: '--count <n>',
    description: 'how many times the rule applies',
    parse: intInRange('--count', 1, Number.MAX_SAFE_INTEGER),
    defaultDescription: 'every time',
  },
  {
    flags: '--after <n>',
    description: 'matching requests let through untouched before the rule applies',
    parse: intInRange('--after', 0, Number.MAX_SAFE_INTEGER),
    defaultDescription: '0',
  },
] as const satisfies readonly FlagSpec[];

/** The flag of each rule field, to name it in a refusal. */
const FLAG_OF: Record<string, string> = {
  latency_ms: '--latency-ms',
  status: '--status',
  code: '--code',
  retryable: '--retryable',
  retry_after_sec: '--retry-after-sec',
};

export const command = defineCommand({
  description:
    'Add a fault rule to the running sandbox: requests outside /__sandbox whose path holds --path (and of --method) are delayed (latency), answered an error in the ' +
    "service's shape (status), dropped without an answer (drop) or answered 429 with Retry-After (rate_limit), --count times after letting --after through. " +
    'With --json: the rules now in force, as the control answers them.',
  flags: FLAGS,
  examples: [
    'prospect sandbox faults add --kind status --status 503 --path /whoami --count 2',
    'prospect sandbox faults add --kind latency --latency-ms 4000 --path /search/people',
    'prospect sandbox faults add --kind drop --phase after --method POST --path /enrichment/ --count 1',
    'prospect sandbox faults add --kind rate_limit --retry-after-sec 5 --count 3',
  ],
  related: ['prospect sandbox faults ls', 'prospect sandbox faults clear', 'prospect sandbox reset'],
  async run(opts, ctx) {
    const kind = opts.kind;
    if (kind === undefined) throw usageError('--kind is required', 'Give --kind latency, status, drop or rate_limit.');
    const rule: Record<string, unknown> = {
      kind,
      method: opts.method,
      path: opts.path,
      phase: opts.phase,
      latency_ms: opts.latencyMs,
      status: opts.status,
      code: opts.code,
      retryable: opts.retryable,
      retry_after_sec: opts.retryAfterSec,
      count: opts.count,
      after: opts.after,
    };
    for (const key of Object.keys(rule)) if (rule[key] === undefined) delete rule[key];
    for (const field of Object.keys(FLAG_OF))
      if (rule[field] !== undefined && !FIELDS_OF[kind].includes(field)) {
        const kinds = KINDS.filter((k) => FIELDS_OF[k].includes(field));
        throw usageError(
          `${FLAG_OF[field]} does nothing for --kind ${kind}`,
          `Drop ${FLAG_OF[field]}, or use --kind ${kinds.join(' or ')}.`,
        );
      }
    if (kind === 'latency' && rule.latency_ms === undefined)
      throw usageError('--kind latency needs --latency-ms', 'Give the delay, e.g. --latency-ms 4000.');
    if (rule.path === '')
      throw usageError('--path is empty', 'Give text the request path holds, e.g. --path /whoami, or leave --path out for every path.');
    if (typeof rule.code === 'string') await checkCode(rule.code);
    const { callControl, describeRule, printAnswer } = await import('./shared/controls.js');
    const { answer } = await callControl<import('./shared/controls.js').FaultRules>(ctx, 'POST', '/faults', { rules: [rule] });
    const added = answer.rules[answer.rules.length - 1];
    const total = answer.rules.length;
    await printAnswer(
      ctx,
      answer,
      `Fault rule ${added?.id ?? ''} added: ${describeRule(added ?? (rule as Parameters<typeof describeRule>[0]))}. ${total} ${total === 1 ? 'rule' : 'rules'} in force.`,
    );
  },
});

/** An error code the sandbox does not know would be refused there: refused here with the nearest one. */
async function checkCode(code: string): Promise<void> {
  const { GENERIC_CODES, PUBLIC_CODES } = await import('../../api/schemas/values/errors.js');
  const known = [...PUBLIC_CODES, ...Object.keys(GENERIC_CODES)];
  if (known.includes(code)) return;
  const { closest } = await import('../../api/suggest.js');
  const near = closest(code, known);
  throw usageError(
    `--code "${code}" is not an error code of the service`,
    near ? `Did you mean "${near}"?` : 'Give one of its codes, e.g. internal_error or UPSTREAM_ERROR.',
  );
}
