import type { FlagSpec } from '../../cli/command.js';
import { intInRange } from '../../cli/parse.js';

import { DEFAULT_SEED } from '../../sandbox/defaults.js';

export const serverFlags: FlagSpec[] = [
  { flags: '--port <port>', description: 'port to listen on (0 picks a free one)', default: 0, parse: intInRange('--port', 0, 65535) },
  { flags: '--seed <seed>', description: 'seed of the synthetic data set (same seed, same rows)', default: DEFAULT_SEED, parse: intInRange('--seed', 0, 2 ** 31 - 1) },
  { flags: '--state <file>', description: 'load state from this file and save it there on exit (default: in memory)' },
];

export interface ServerOptions {
  port: number;
  seed: number;
  state?: string;
}
