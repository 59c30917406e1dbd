import { apiOf } from '../../../api/api.js';
import type { Client } from '../../../api/client.js';
import type { Keys } from '../../../api/resources/keys.js';
import type { FlagOptions, FlagSpec } from '../../../cli/command.js';
import type { Context } from '../../../cli/context.js';
import { authError, usageError } from '../../../cli/errors.js';
import { readAll } from '../../../cli/prompt.js';
import { maskSecret } from '../../../api/redact.js';
import { API_KEY_PREFIX } from '../../../api/schemas/values/auth.js';

export const JWT_STDIN_FLAG = {
  flags: '--jwt-stdin',
  description: 'read the session JWT from stdin (otherwise PROSPECT_JWT or the profile; --sandbox mints one)',
} as const satisfies FlagSpec;

/** The option JWT_STDIN_FLAG gives a key command. */
export type SessionOptions = FlagOptions<[typeof JWT_STDIN_FLAG]>;

/**
 * Key management (/api/v1/api-keys) over a client of the session JWT, which it takes only: the
 * one piped with --jwt-stdin, else the resolved one. An API key given as the JWT is refused
 * before sending (exit 3, like the service's 401) with what to use instead.
 */
export async function session(ctx: Context, opts: SessionOptions): Promise<{ keys: Keys; client: Client }> {
  const piped = opts.jwtStdin ? (await readAll(ctx.io.stdin)).trim() : undefined;
  if (piped !== undefined) {
    if (!piped)
      throw usageError(
        '--jwt-stdin was given but stdin is empty',
        'Pipe the token, e.g. `prospect sandbox jwt | prospect keys ls --jwt-stdin`.',
      );
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
  const client = await ctx.client({ auth: 'jwt', ...(piped ? { token: piped } : {}) });
  return { keys: apiOf(client, ctx.signal).keys, client };
}
