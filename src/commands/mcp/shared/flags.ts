import type { FlagSpec } from '../../../cli/command.js';
import { intInRange, oneOf } from '../../../cli/parse.js';
import { TOOLSETS } from '../../../mcp/tool.js';

/** The server's flags: `prospect mcp` takes them, and `mcp config` passes them on into the client's settings. */
export const SERVER_FLAGS = [
  {
    flags: '--toolset <set>',
    description:
      'the tools offered: read (reads only), standard (and list changes, imports, enrichment, agents, exports), all (and CRM and sequencer pushes)',
    choices: TOOLSETS,
    parse: oneOf('--toolset', TOOLSETS),
    defaultDescription: 'standard',
  },
  {
    flags: '--max-credits <n>',
    description:
      'credits the assistant may spend in the session without asking the person (0: every paid run needs the person\u2019s approval)',
    parse: intInRange('--max-credits', 0, Number.MAX_SAFE_INTEGER),
    defaultDescription: '0',
  },
  { flags: '--read-only', description: 'only the tools that change nothing and spend nothing' },
] as const satisfies readonly FlagSpec[];
