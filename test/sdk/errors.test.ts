import { describe, expect, it } from 'vitest';
import {
  ApiError,
  AuthenticationError,
  ConflictError,
  ConnectionError,
  CreditsError,
  isApiError,
  NotFoundError,
  PermissionError,
  Prospect,
  RateLimitError,
  ServerError,
  ValidationError,
  type PeopleFilters,
} from '../../src/index.js';
import { errorFromResponse } from '../../src/api/errors.js';
import { control } from '../sandbox/helpers.js';
import { seededList, useSdkSandbox } from './helpers.js';

const t = useSdkSandbox();

/** What a call rejects with. */
async function failure(p: Promise<unknown>): Promise<ApiError> {
  const e = await p.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(isApiError(e), String(e)).toBe(true);
  return e as ApiError;
}

describe('typed errors: one class per family, each an ApiError carrying the server fields', () => {
  it('401: AuthenticationError', async () => {
    const bad = t.clientWith({ apiKey: `svcapi_${'b'.repeat(64)}` });
    const e = await failure(bad.credits.balance());
    expect(e).toBeInstanceOf(AuthenticationError);
    expect(e).toBeInstanceOf(ApiError);
    expect(e).toMatchObject({
      name: 'AuthenticationError',
      status: 401,
      code: 'authentication_invalid',
      problem: 'Invalid or expired API key',
    });
  });

  it('404: NotFoundError with the request id', async () => {
    const e = await failure(t.client.lists.get('lst_missing'));
    expect(e).toBeInstanceOf(NotFoundError);
    expect(e.status).toBe(404);
    expect(e.code).toBe('list_not_found');
    expect(e.requestId).toEqual(expect.any(String));
  });

  it('400 on a filter key: ValidationError naming the unsupported key, its replacement and the allowed keys', async () => {
    const e = await failure(t.client.people.search({ filters: { title: ['CTO'] } as unknown as PeopleFilters }));
    expect(e).toBeInstanceOf(ValidationError);
    const v = e as ValidationError;
    expect(v.code).toBe('validation_error');
    expect(v.unsupportedKeys).toEqual(['title']);
    expect(v.suggestedReplacements).toEqual({ title: 'titles' });
    expect(v.allowedKeys).toHaveLength(17);
  });

  it('422 on a body: ValidationError whose issues locate the field', async () => {
    const e = await failure(t.client.lists.create({ name: '' }));
    expect(e).toBeInstanceOf(ValidationError);
    expect(e.status).toBe(422);
    expect((e as ValidationError).issues).toEqual([{ field: 'name', msg: expect.any(String) }]);
  });

  it('403 insufficient_scope: PermissionError with the scope needed and those granted', async () => {
    const demo = (await control(t.sb, 'GET', '/state')).demo;
    await control(t.sb, 'POST', '/scopes', { user_id: demo.user_id, scopes: ['lists:read'] });
    const e = await failure(t.client.people.search({ filters: { titles: ['CTO'] } }));
    expect(e).toBeInstanceOf(PermissionError);
    expect(e).toMatchObject({ status: 403, code: 'insufficient_scope', requiredScope: 'people:read', grantedScopes: ['lists:read'] });
  });

  it('insufficient_credits: CreditsError with the cost, the balance and the shortfall', async () => {
    const list = await seededList(t, 'Short', 5);
    const quote = await t.client.credits.estimate({ tool: 'enrich_list', list_id: list, scope: 'full' });
    await control(t.sb, 'POST', '/balance', { credits: 3 });
    const e = await failure(t.client.enrichment.bulk({ list_id: list, scope: 'full' }, { quote }));
    expect(e).toBeInstanceOf(CreditsError);
    expect(e).toMatchObject({
      code: 'insufficient_credits',
      estimatedCostCredits: quote.estimated_cost,
      availableCredits: 3,
      shortfallCredits: quote.estimated_cost - 3,
    });
  });

  it('a bad quote is a CreditsError too', async () => {
    const list = await seededList(t, 'Quoted', 2);
    const e = await failure(t.client.enrichment.bulk({ list_id: list }, { quote: 'qte_v1_forged' }));
    expect(e).toBeInstanceOf(CreditsError);
    expect(e.code).toBe('quote_invalid');
  });

  it('429 after the retries: RateLimitError with when to try again', async () => {
    await control(t.sb, 'POST', '/faults', { rules: [{ path: '/credits/balance', kind: 'rate_limit', retry_after_sec: 7, count: 1 }] });
    const e = await failure(t.client.credits.balance());
    expect(e).toBeInstanceOf(RateLimitError);
    expect(e).toMatchObject({ status: 429, code: 'rate_limited', retryAfterMs: 7000 });
  });

  it('a protected list refuses deletion: ConflictError (list_protected, a 403)', async () => {
    const { list_id } = await control(t.sb, 'POST', '/lists', { name: 'Extension Leads', protected: true });
    const e = await failure(t.client.lists.delete(list_id));
    expect(e).toBeInstanceOf(ConflictError);
    expect(e).toMatchObject({ status: 403, code: 'list_protected' });
  });

  it('5xx after the retries: ServerError; no answer at all: ConnectionError', async () => {
    await control(t.sb, 'POST', '/faults', { rules: [{ path: '/whoami', kind: 'status', status: 500, code: 'internal_error', count: 1 }] });
    expect(await failure(t.client.whoami())).toBeInstanceOf(ServerError);
    const nowhere = new Prospect({ baseUrl: 'http://127.0.0.1:1', apiKey: 'svcapi_x', maxRetries: 0 });
    const e = await failure(nowhere.credits.balance());
    expect(e).toBeInstanceOf(ConnectionError);
    expect(e).toMatchObject({ status: 0, code: 'connection_refused' });
  });
});

describe('the families', () => {
  it('errorFromResponse builds the class of the family; isApiError knows each, also from another copy of the SDK', () => {
    const e = errorFromResponse({ status: 404, body: { error: { code: 'TASK_NOT_FOUND', problem: 'gone', retryable: false } } });
    expect(e).toBeInstanceOf(NotFoundError);
    expect(e.code).toBe('task_not_found');
    // An error of another bundle of the SDK: not our class, but marked as an ApiError.
    const foreign = Object.assign(new Error('x'), { name: 'NotFoundError', code: 'not_found', status: 404 });
    expect(isApiError(foreign)).toBe(false);
    Object.defineProperty(foreign, Symbol.for('prospect-cli.ApiError'), { value: true });
    expect(isApiError(foreign)).toBe(true);
  });
});
