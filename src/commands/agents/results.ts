import { defineCommand } from '../../cli/command.js';
import { usageError } from '../../cli/errors.js';
import { nextCommand } from '../../cli/command-line.js';
import { isTerminalStatus } from '../../api/poll.js';
import { AGENT_STRICT_FLAG, printResults, reportAgentRun, stillRunning, watchAgentRun } from './shared/report.js';

export const command = defineCommand({
  description:
    'Shows what a smart-agent run wrote for each lead: lead_id, value, and the error when a lead got none. ' +
    'While the run processes, the leads done so far; --wait waits for the end. A failed run exits 8; ' +
    'an ended run with leads that got no value exits 0 with a warning, 8 with --strict. Free.',
  args: [{ name: 'id', description: 'the run id (smart_agent_task_id, agent-...)', required: true }],
  flags: [{ flags: '--wait', description: 'wait until the run ends, with progress' }, AGENT_STRICT_FLAG],
  examples: [
    'prospect agents results agent-...',
    'prospect agents results agent-... --wait --json',
    'prospect agents results agent-... --fields lead_id,value --format csv',
  ],
  related: ['prospect agents run', 'prospect agents ls', 'prospect export csv'],
  async run(opts, ctx) {
    const id = (opts.args[0] ?? '').trim();
    if (!id)
      throw usageError(
        'the run id is empty',
        `Pass the smart_agent_task_id the run started with (see \`${nextCommand(ctx, ['agents', 'ls'])}\`).`,
      );
    const r = opts.wait ? await watchAgentRun(ctx, id) : await ctx.api.agents.results(id);
    if (isTerminalStatus(r.status)) return reportAgentRun(ctx, r, { strict: opts.strict });
    await printResults(ctx, r);
    stillRunning(ctx, r);
  },
});
