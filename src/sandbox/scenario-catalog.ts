/**
 * The named scenarios of the sandbox (`--scenario NAME`, `startSandbox({ scenario })`, the
 * reset control's `scenario`): what state each sets on the demo organization, and what it lets
 * a test check. Pure data, so the CLI names them without loading the sandbox; scenarios.ts
 * applies them, docs/sandbox-fixtures.md lists them.
 */
export const SCENARIOS = {
  'out-of-credits': {
    state: 'The demo organization holds 0 credits.',
    checks:
      'Every paid call is refused: a paid estimate says the balance is insufficient, and a paid run answers 402 insufficient_credits.',
  },
  'daily-quota-spent': {
    state: "The demo organization's daily people search allowance for API keys (60 a UTC day) is used up.",
    checks:
      'A people search with an API key answers 429 rate_limited (Retry-After: until 00:00 UTC); a session JWT and company search still pass.',
  },
  'half-failed-enrichment': {
    state: 'The provider waterfall finds the email, the phone and the company of about half the rows (hit rates 0.5).',
    checks:
      'An enrichment run of several rows ends completed_with_errors with about half its rows failed, charged only for the rows found.',
  },
  'crm-refusals': {
    state: 'The next 100 sync pushes of the demo organization, to any destination, end with status failed: every lead sent is refused.',
    checks:
      "A sync to crm_one, crm_two or sequencer_one reports status failed and every lead refused, so a client's handling of refused leads runs.",
  },
  'expired-links': {
    state:
      'The demo organization holds an export link, a quote and a search handle made 25 hours ago, all expired; `prospect sandbox reset --scenario expired-links --json` names them under scenario.expired.',
    checks:
      'The export link answers 403 (expired), a paid call with the quote answers 400 quote_expired, and the handle answers 404 task_not_found.',
  },
} as const satisfies Record<string, { state: string; checks: string }>;

export type ScenarioName = keyof typeof SCENARIOS;
export const SCENARIO_NAMES = Object.keys(SCENARIOS) as ScenarioName[];

export function isScenarioName(name: string): name is ScenarioName {
  return Object.hasOwn(SCENARIOS, name);
}

/** The one line an unknown name gets: it, and the names there are. */
export function unknownScenario(name: string): string {
  return `unknown scenario "${name}": choose one of ${SCENARIO_NAMES.join(', ')}`;
}
