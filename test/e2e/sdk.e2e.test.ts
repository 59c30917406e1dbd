import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { useSandboxEnv } from '../helpers/sandbox-env.js';

const sdkUrl = pathToFileURL(path.resolve(import.meta.dirname, '..', '..', 'dist', 'sdk.js')).href;
const t = useSandboxEnv();

describe('the built SDK (import from "prospect-cli")', () => {
  it('reads identity and balance, and throws typed errors carrying the server fields', async () => {
    const sdk = await import(sdkUrl);
    const client = new sdk.Prospect({ baseUrl: t.sb.url, apiKey: t.sb.demoKey });
    try {
      const id = await client.whoami();
      expect(id.organization_id).toBe(t.sb.store.demo.organization_id);
      expect((await client.credits.balance()).credits).toBe(5000);
      const bad = new sdk.Prospect({ baseUrl: t.sb.url, apiKey: `svcapi_${'b'.repeat(64)}` });
      const err = await bad.whoami().catch((e: unknown) => e);
      expect(err).toBeInstanceOf(sdk.AuthenticationError);
      expect(err).toBeInstanceOf(sdk.ApiError);
      expect(sdk.isApiError(err)).toBe(true);
      expect(err).toMatchObject({ status: 401, code: 'authentication_invalid', problem: 'Invalid or expired API key' });
      bad.close();
    } finally {
      client.close();
    }
  });

  it('exports the curated surface: the client, error classes and schemas, no internals', async () => {
    const sdk = await import(sdkUrl);
    expect(Object.keys(sdk).sort()).toEqual(
      [
        'ApiError',
        'AuthenticationError',
        'ChargeAboveQuoteError',
        'ConfigurationError',
        'ConflictError',
        'ConnectionError',
        'CreditsError',
        'EarlierRunUnknownError',
        'JoinedRunUnknown',
        'LostResponseError',
        'MalformedQuoteError',
        'NotFoundError',
        'PaidCallAbortedError',
        'PermissionError',
        'PollTimeoutError',
        'Prospect',
        'RateLimitError',
        'RunInProgressError',
        'SDK_VERSION',
        'SearchPageCapError',
        'ServerError',
        'SpendDeclinedError',
        'ValidationError',
        'isApiError',
        'schemas',
        'values',
      ].sort(),
    );
    expect(sdk.schemas.CreateListBody.safeParse({ name: 'Q3' }).success).toBe(true);
    expect(sdk.schemas.CreateListBody.safeParse({ name: '' }).success).toBe(false);
    expect(sdk.values.SENIORITY_LEVELS).toContain('Vice President');
  });
});
