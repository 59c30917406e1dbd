import type { Client } from '../../api/client.js';
import type { FlagOptions, FlagSpec } from '../../cli/command.js';
import type { Context } from '../../cli/context.js';
import { authError, usageError } from '../../cli/errors.js';
import { readAll } from '../../cli/prompt.js';
import { maskSecret } from '../../api/redact.js';
import { API_KEY_PREFIX } from '../../api/schemas/values/auth.js';

export const JWT_STDIN_FLAG = {
  flags: '--jwt-stdin',
  description: 'read the session JWT from stdin (otherwise PROSPECT_JWT or the profile; --sandbox mints one)',
} as const satisfies FlagSpec;

/** The option JWT_STDIN_FLAG gives a key command. */
export type SessionOptions = FlagOptions<[typeof JWT_STDIN_FLAG]>;

/**
 * A client for /api/v1/api-keys, which takes a session JWT only. An API key given as the
 * JWT is refused before sending (exit 3, like the service's 401) with what to use instead.
 */
export async function sessionClient(ctx: Context, opts: SessionOptions): Promise<Client> {
  const piped = opts.jwtStdin ? (await readAll(ctx.io.stdin)).trim() : undefined;
  if (piped !== undefined) {
    if (!piped) throw usageError('--jwt-stdin was given but stdin is empty', 'Pipe the token, e.g. `prospect sandbox jwt | prospect keys ls --jwt-stdin`.');
    ctx.secrets.add(piped);
  }
  const st = ctx.settings();
  const given = piped ?? (st.sandbox ? undefined : await ctx.token('jwt'));
  if (given?.startsWith(API_KEY_PREFIX))
    throw authError(
      'session_jwt_required',
      `key management needs a session JWT, and an API key (${maskSecret(given)}) was given as one`,
      'Sign in to get a session JWT and pass it in PROSPECT_JWT, with --jwt-stdin, or save it with `prospect auth login --jwt`.',
    );
  return ctx.client({ auth: 'jwt', ...(piped ? { token: piped } : {}) });
}
