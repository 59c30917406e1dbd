import { defineCommand } from '../../cli/command.js';

export const command = defineCommand({
  description:
    'Show whether the sandbox runs, with its URL, pid, port, seed and state file. With --json: {running, url, pid, ...}; url and pid are null when it is stopped.',
  examples: ['prospect sandbox status', 'prospect sandbox status --json | jq -r .url'],
  related: ['prospect sandbox start', 'prospect sandbox stop'],
  async run(_opts, ctx) {
    const { readLiveRuntime } = await import('../../cli/sandbox-target.js');
    const info = await readLiveRuntime(ctx.env);
    const payload = info
      ? {
          running: true,
          url: info.url,
          pid: info.pid,
          port: info.port,
          seed: info.seed,
          state_path: info.state_path ?? null,
          started_at: info.started_at,
        }
      : { running: false, url: null, pid: null, port: null, seed: null, state_path: null, started_at: null };
    await ctx.out.print({ kind: 'object', payload });
  },
});
