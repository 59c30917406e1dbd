import path from 'node:path';
import { defineCommand } from '../../cli/command.js';
import { serverFlags } from './shared/flags.js';

export const command = defineCommand({
  description:
    'Start the sandbox in the background and return; its pid and port are kept in the data dir (PROSPECT_DATA_DIR). Does nothing when it already runs.',
  flags: serverFlags,
  examples: [
    'prospect sandbox start',
    'prospect sandbox start --port 4010 --json | jq -r .url',
    'prospect sandbox start --fixtures ci-fixtures.json',
    'prospect sandbox start --scenario out-of-credits',
  ],
  related: ['prospect sandbox stop', 'prospect sandbox status', 'prospect sandbox serve'],
  async run(opts, ctx) {
    const runtime = await import('../../cli/sandbox-target.js');
    const { info, started } = await runtime.liveOrStarted({
      env: ctx.env,
      binPath: ctx.binPath,
      port: opts.port,
      seed: opts.seed,
      people: opts.people,
      companies: opts.companies,
      ...(opts.state ? { statePath: path.resolve(opts.state) } : {}),
      rateLimits: opts.rateLimits,
      ...(opts.fixtures ? { fixtures: path.resolve(opts.fixtures) } : {}),
      ...(opts.scenario ? { scenario: opts.scenario } : {}),
    });
    if (started) ctx.out.success(`Sandbox started on ${info.url} (pid ${info.pid}). Use --sandbox on any command.`);
    else ctx.out.info(`The sandbox already runs on ${info.url} (pid ${info.pid}).`);
    if (!started && opts.fixtures)
      ctx.out.warn('It keeps what it was started with: run `prospect sandbox stop`, then start it again to load the fixtures.');
    if (!started && opts.scenario)
      ctx.out.warn(`It keeps what it was started with: run \`prospect sandbox reset --scenario ${opts.scenario}\` to apply the scenario.`);
    ctx.secrets.add(info.demo_key);
    await ctx.out.print({ kind: 'object', payload: { url: info.url, pid: info.pid, port: info.port, seed: info.seed } });
  },
});
