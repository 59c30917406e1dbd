import type { FlagSpec } from '../../cli/command.js';
import { intInRange } from '../../cli/parse.js';

import { DEFAULT_SEED } from '../../sandbox/defaults.js';
import { DEFAULT_DATASET_SIZE } from '../../sandbox/data/dataset.js';

/** Bounds of the data set size flags. */
const MAX_PEOPLE = 1_000_000;
const MAX_COMPANIES = 100_000;

export const serverFlags = [
  { flags: '--port <port>', description: 'port to listen on (0 picks a free one)', default: 0, parse: intInRange('--port', 0, 65535) },
  { flags: '--seed <seed>', description: 'seed of the synthetic data set (same seed, same rows)', default: DEFAULT_SEED, parse: intInRange('--seed', 0, 2 ** 31 - 1) },
  { flags: '--people <n>', description: 'people in the synthetic data set', default: DEFAULT_DATASET_SIZE.people, parse: intInRange('--people', 1, MAX_PEOPLE) },
  { flags: '--companies <n>', description: 'companies in the synthetic data set', default: DEFAULT_DATASET_SIZE.companies, parse: intInRange('--companies', 1, MAX_COMPANIES) },
  { flags: '--state <file>', description: 'load state from this file and save it there on exit', defaultDescription: 'in memory only' },
  {
    flags: '--fixtures <file>',
    description: 'JSON file of organizations, users, keys, lists and leads to load',
    defaultDescription: 'none',
  },
  { flags: '--no-rate-limits', description: 'switch rate limiting off (benchmarks, bulk scripts); a reset keeps it off' },
] as const satisfies readonly FlagSpec[];
