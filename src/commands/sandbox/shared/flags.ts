import type { FlagSpec } from '../../../cli/command.js';
import { intInRange } from '../../../cli/parse.js';
import { usageError } from '../../../cli/errors.js';
import { isScenarioName, SCENARIO_NAMES, unknownScenario, type ScenarioName } from '../../../sandbox/scenario-catalog.js';

import { DEFAULT_SEED } from '../../../sandbox/defaults.js';
import { DEFAULT_DATASET_SIZE } from '../../../sandbox/data/dataset.js';

/** Bounds of the data set size flags. */
const MAX_PEOPLE = 1_000_000;
const MAX_COMPANIES = 100_000;

/** --scenario NAME: one of the named scenarios (docs/sandbox-fixtures.md), else a usage error naming it and the five. */
export const scenarioFlag = {
  flags: '--scenario <name>',
  description: 'named state of the demo organization to start from (docs/sandbox-fixtures.md, Scenarios)',
  values: SCENARIO_NAMES,
  defaultDescription: 'none',
  parse: (raw: string): ScenarioName => {
    if (!isScenarioName(raw)) throw usageError(`--scenario ${unknownScenario(raw)}`);
    return raw;
  },
} as const satisfies FlagSpec;

export const serverFlags = [
  { flags: '--port <port>', description: 'port to listen on (0 picks a free one)', default: 0, parse: intInRange('--port', 0, 65535) },
  {
    flags: '--seed <seed>',
    description: 'seed of the synthetic data set (same seed, same rows)',
    default: DEFAULT_SEED,
    parse: intInRange('--seed', 0, 2 ** 31 - 1),
  },
  {
    flags: '--people <n>',
    description: 'people in the synthetic data set',
    default: DEFAULT_DATASET_SIZE.people,
    parse: intInRange('--people', 1, MAX_PEOPLE),
  },
  {
    flags: '--companies <n>',
    description: 'companies in the synthetic data set',
    default: DEFAULT_DATASET_SIZE.companies,
    parse: intInRange('--companies', 1, MAX_COMPANIES),
  },
  { flags: '--state <file>', description: 'load state from this file and save it there on exit', defaultDescription: 'in memory only' },
  {
    flags: '--fixtures <file>',
    description: 'JSON file of organizations, users, keys, lists and leads to load',
    defaultDescription: 'none',
  },
  { ...scenarioFlag, description: `${scenarioFlag.description} (again after every reset)` },
  { flags: '--no-rate-limits', description: 'switch rate limiting off (benchmarks, bulk scripts); a reset keeps it off' },
] as const satisfies readonly FlagSpec[];
