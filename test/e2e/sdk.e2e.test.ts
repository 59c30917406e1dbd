import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { useSandboxEnv } from '../helpers/sandbox-env.js';

const sdkUrl = pathToFileURL(path.resolve(import.meta.dirname, '..', '..', 'dist', 'sdk.js')).href;
const t = useSandboxEnv();

describe('the built SDK (import from "prospect-cli")', () => {
  it('reads identity and balance, and throws one ApiError with the server fields', async () => {
    const sdk = await import(sdkUrl);
    const client = new sdk.Client({ baseUrl: t.sb.url, token: t.sb.demoKey });
    try {
      const id = await sdk.getIdentity(client);
      expect(id.organization_id).toBe(t.sb.store.demo.organization_id);
      expect((await sdk.getBalance(client)).credits).toBe(5000);
      const bad = new sdk.Client({ baseUrl: t.sb.url, token: `svcapi_${'b'.repeat(64)}` });
      const err = await sdk.getIdentity(bad).catch((e: unknown) => e);
      expect(sdk.isApiError(err)).toBe(true);
      expect(err).toMatchObject({ status: 401, code: 'authentication_invalid', problem: 'Invalid or expired API key' });
      bad.close();
      expect(sdk.SCOPES).toHaveLength(15);
    } finally {
      client.close();
    }
  });
});
