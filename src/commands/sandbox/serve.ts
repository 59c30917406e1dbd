import path from 'node:path';
import { defineCommand } from '../../cli/command.js';
import { maskSecret } from '../../api/redact.js';
import { serverFlags } from './shared/flags.js';

export const command = defineCommand({
  description:
    'Run the local sandbox in the foreground until Ctrl-C. It implements the service on a deterministic synthetic data set, ' +
    'with the demo organization and its key; `--sandbox` on any command talks to it. With --json, one line {url, port, pid} is printed on stdout when it is ready. ' +
    '--fixtures FILE loads organizations, users, API keys with known secrets, balances, plans, lists and leads at start and again after every reset (format: docs/sandbox-fixtures.md).',
  flags: serverFlags,
  examples: [
    'prospect sandbox serve',
    'prospect sandbox serve --port 4010 --seed 7 --state ./sandbox-state.json',
    'prospect sandbox serve --people 5000 --companies 500',
    'prospect sandbox serve --no-rate-limits   # benchmarks and bulk scripts',
    'prospect sandbox serve --fixtures ci-fixtures.json   # known organizations, keys and lists for a CI job',
    'prospect sandbox serve --scenario daily-quota-spent   # the people search daily cap already reached',
  ],
  related: ['prospect sandbox start', 'prospect sandbox status', 'prospect demo'],
  async run(opts, ctx) {
    const { serveForeground } = await import('../../cli/sandbox-target.js');
    const statePath = opts.state ? path.resolve(opts.state) : undefined;
    await serveForeground({
      env: ctx.env,
      port: opts.port,
      seed: opts.seed,
      dataset: { people: opts.people, companies: opts.companies },
      ...(statePath ? { statePath } : {}),
      rateLimits: opts.rateLimits,
      ...(opts.fixtures ? { fixtures: path.resolve(opts.fixtures) } : {}),
      ...(opts.scenario ? { scenario: opts.scenario } : {}),
      signal: ctx.signal,
      onReady: (info) => {
        ctx.secrets.add(info.demo_key);
        if (ctx.out.format === 'json') ctx.io.stdout.write(JSON.stringify({ url: info.url, port: info.port, pid: info.pid }) + '\n');
        ctx.out.info(`Sandbox listening on ${info.url} (seed ${info.seed}${statePath ? `, state ${statePath}` : ''})`);
        ctx.out.info(`Demo organization key: ${maskSecret(info.demo_key)} (whole key in the runtime file, mode 0600)`);
        ctx.out.info('Try: prospect --sandbox whoami    Stop: Ctrl-C');
      },
    });
  },
});
