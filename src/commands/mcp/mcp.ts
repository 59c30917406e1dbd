import { defineCommand } from '../../cli/command.js';
import { usageError } from '../../cli/errors.js';
import { SERVER_FLAGS } from './shared/flags.js';
import { journalService } from '../../cli/journal.js';
import { JournalStore, journalDir } from '../../workflows/journal/file-store.js';

export const command = defineCommand({
  description:
    'Serves the tools of the service to an AI assistant over MCP (JSON-RPC on stdin and stdout; nothing else is written to stdout, notes go to stderr), ' +
    'with the credentials of the profile (or --sandbox), as every command uses them. Tools: whoami and balance, people and company search, lists, ' +
    'CSV import, estimates, enrichment, smart agents, exports, run status, usage, and with --toolset all the CRM and sequencer pushes; key management stays out. ' +
    'Every paid tool is priced first and spends nothing until a call brings the quote back: a run goes ahead when its cost fits in what is left of --max-credits, ' +
    'or when the person approves it; where the client can ask, the server puts every cost to the person on the first call, whatever the budget. ' +
    'A quote runs once, never after the person declined it. Deleting tools need confirm: true. ' +
    'Set a client up with `prospect mcp config --client ...`; try it by hand with the MCP Inspector (README, "Check it by hand"). Runs until the client closes it.',
  flags: SERVER_FLAGS,
  examples: [
    'prospect mcp --sandbox',
    'prospect mcp --profile work --max-credits 50',
    'prospect mcp --toolset read',
    'prospect mcp --toolset all --read-only   # reads only, CRM and sequencer tools included',
  ],
  related: ['prospect mcp config', 'prospect credits balance', 'prospect runs ls'],
  async run(opts, ctx) {
    // The CLI's spend flags decide for a person at a terminal; here --max-credits is what the assistant may spend.
    if (ctx.globals.maxCost !== undefined || ctx.globals.yes)
      throw usageError(
        `${ctx.globals.yes ? '--yes' : '--max-cost'} does not apply to prospect mcp`,
        'Use --max-credits N: what the assistant may spend in the session without asking the person.',
      );
    const client = await ctx.client();
    // The MCP SDK and the tools are their own bundle, loaded by this command alone.
    const { serveStdio, mcpJournal } = await import('../../mcp/server.js');
    // The CLI's paid-run journal (the same files, service and credential): servers and commands at once pay once, and a lost answer is resolved by the next one.
    const journal = mcpJournal({
      store: new JournalStore(journalDir(ctx.env)),
      service: await journalService(ctx),
      now: ctx.clock.now,
      notes: { info: (l) => ctx.out.info(l), warn: (l) => ctx.out.warn(l) },
    });
    ctx.out.info(
      `MCP server ready on stdio (toolset ${opts.toolset ?? 'standard'}${opts.readOnly ? ', read-only' : ''}, --max-credits ${opts.maxCredits ?? 0}).`,
    );
    await serveStdio(
      client,
      {
        toolset: opts.toolset ?? 'standard',
        readOnly: opts.readOnly === true,
        maxCredits: opts.maxCredits ?? 0,
        cwd: process.cwd(),
        now: ctx.clock.now,
        journal,
      },
      { stdin: ctx.io.stdin, stdout: ctx.io.stdout },
      ctx.signal,
    );
  },
});
