import { defineCommand } from '../../cli/command.js';

export const command = defineCommand({
  description:
    'Print a session JWT for a user of the sandbox (default: the demo organization owner), as the identity provider would issue it. ' +
    'Key management (`prospect keys ...`) needs one. It is a secret: it goes to stdout only.',
  flags: [{ flags: '--user <user>', description: 'user id or email', defaultDescription: 'the demo organization owner' }],
  examples: ['prospect sandbox jwt', 'export PROSPECT_JWT=$(prospect sandbox jwt)'],
  related: ['prospect keys ls', 'prospect auth login --jwt'],
  async run(opts, ctx) {
    const target = await ctx.sandbox();
    const token = await target.jwt(opts.user);
    ctx.io.stdout.write(`${token}\n`);
    if (ctx.io.stdoutIsTTY) ctx.out.info('This token is a credential: keep it out of logs and shell history.');
  },
});
