import { defineCommand } from '../../cli/command.js';
import { CliError, usageError } from '../../cli/errors.js';
import { ExitCode } from '../../cli/exit-codes.js';
import { nextCommand } from '../../cli/command-line.js';
import { isApiError } from '../../api/errors.js';
import type { CreateFolderBody } from '../../api/schemas/lists.js';
import { FOLDER_LIMITS, UUID_PATTERN } from '../../api/schemas/values/lists.js';
import { checkName } from '../../cli/cmdutil/list-name.js';
import { quoted } from '../../cli/output/printable.js';

export const command = defineCommand({
  description: 'Creates a folder for lead lists (optionally inside another folder of yours). Put lists in it with --folder.',
  args: [{ name: 'name', description: `the folder name (${FOLDER_LIMITS.name.min}-${FOLDER_LIMITS.name.max} characters)`, required: true }],
  flags: [{ flags: '--parent <folder_id>', description: 'the folder id (a UUID) to create it in' }],
  examples: ['prospect folders create "2026 campaigns"', 'prospect folders create EMEA --parent 2f1c...-...'],
  related: ['prospect lists create --folder', 'prospect lists update --folder', 'prospect lists ls --folder'],
  async run(opts, ctx) {
    const name = checkName(opts.args[0] ?? '', 'NAME', FOLDER_LIMITS.name);
    if (opts.parent !== undefined && !UUID_PATTERN.test(opts.parent))
      throw usageError(
        `--parent must be a folder id (a UUID), got "${opts.parent}"`,
        'Use the folder_id printed by `prospect folders create`.',
      );
    const body: CreateFolderBody = { name, ...(opts.parent !== undefined ? { parent_id: opts.parent } : {}) };
    const folder = await ctx.api.lists.createFolder(body).catch((e: unknown) => {
      // v1 says an unknown parent with its generic RESOURCE_NOT_FOUND; ours names the flag.
      if (opts.parent !== undefined && isApiError(e) && e.status === 404)
        throw new CliError({
          code: 'folder_not_found',
          message: `--parent ${opts.parent}: no folder of yours has this id`,
          exitCode: ExitCode.NOT_FOUND,
          fix: `Give the folder_id that creating one of your folders printed, or leave out --parent for a top-level folder. See: ${nextCommand(ctx, ['folders', 'create', '--help'])}`,
        });
      throw e;
    });
    await ctx.out.print({ kind: 'object', payload: folder, fields: ['folder_id', 'name', 'parent_id', 'created_at'] });
    ctx.out.success(`Created folder ${quoted(folder.name)} (${folder.folder_id})`);
  },
});
