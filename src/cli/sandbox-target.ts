import type { Context } from './context.js';
import { liveOrStarted } from '../sandbox/runtime.js';

/** The sandbox commands reach the runtime file through this module, imported lazily: one import for all sandbox work. */
export { liveOrStarted, readLiveRuntime, stopSandbox, serveForeground } from '../sandbox/runtime.js';
export type { SandboxRuntimeInfo } from '../sandbox/runtime.js';

export interface SandboxTarget {
  url: string;
  demoKey: string;
  pid: number;
  started: boolean;
  /** A session JWT for the demo user (key management), minted by the sandbox. */
  jwt(user?: string): Promise<string>;
}

/** The running sandbox of this data dir, started in the background when none runs. */
export async function ensureSandbox(ctx: Context): Promise<SandboxTarget> {
  const { info, started } = await liveOrStarted({ env: ctx.env, binPath: ctx.binPath }, () =>
    ctx.out.info('Starting the local sandbox (prospect sandbox stop to end it)...'),
  );
  ctx.secrets.add(info.demo_key);
  const url = info.url;
  return {
    url,
    demoKey: info.demo_key,
    pid: info.pid,
    started,
    async jwt(user?: string) {
      const res = await sandboxControl<{ token: string }>(ctx, url, 'POST', '/__sandbox/jwt', user ? { user } : {});
      ctx.secrets.add(res.token);
      return res.token;
    },
  };
}

/** Calls a test control of the sandbox (no credentials: controls only exist on the local sandbox). */
export async function sandboxControl<T>(ctx: Context, url: string, method: string, path: string, body?: unknown): Promise<T> {
  const client = await ctx.client({ auth: 'none', baseUrl: url });
  return client.request<T>({ method, path, prefix: 'root', body, idempotent: true, signal: ctx.signal });
}
