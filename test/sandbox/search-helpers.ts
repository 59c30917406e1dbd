import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { control, openSandbox, raw, type RawResponse, type RunningSandbox } from './helpers.js';
import type { StartSandboxOptions } from '../../src/sandbox/server.js';
import type { CompanyFacts, Dataset, PersonFacts } from '../../src/sandbox/data/dataset.js';

/**
 * One small-data sandbox for a test file, reset before each test: `use` receives it and its
 * data set once started.
 */
export function useSearchSandbox(use: (sb: RunningSandbox, ds: Dataset) => void, opts: StartSandboxOptions = {}): void {
  let sb: RunningSandbox | undefined;
  beforeAll(async () => {
    sb = await openSandbox(opts);
    use(sb, sb.services.dataset);
  });
  afterAll(() => sb?.close());
  beforeEach(() => control(sb!, 'POST', '/reset'));
}

/** POST under /api/v2 with the demo key (or another token). */
export function post(sb: RunningSandbox, path: string, body: unknown, token: string = sb.demoKey): Promise<RawResponse> {
  return raw(sb, 'POST', `/api/v2${path}`, { token, body });
}

export function get(sb: RunningSandbox, path: string, token: string = sb.demoKey): Promise<RawResponse> {
  return raw(sb, 'GET', `/api/v2${path}`, { token });
}

/** Asserts a public-envelope error and returns its body. */
export function expectPublicError(r: RawResponse, status: number, code: string): Record<string, any> {
  expect(r.status, r.text).toBe(status);
  expect(r.json.error.code).toBe(code);
  expect(r.json.error.problem).toEqual(expect.any(String));
  expect(r.json.error.request_id).toBe(r.headers['x-request-id']);
  return r.json.error;
}

export function expectOk(r: RawResponse): any {
  expect(r.status, r.text).toBe(200);
  return r.json;
}

const ci = (a: string | null | undefined, b: string) => (a ?? '').toLowerCase() === b.toLowerCase();
export { ci };

/** Indexes of the people a predicate holds for, ascending: the oracle the HTTP answers are held to. */
export function peopleWhere(ds: Dataset, pred: (p: PersonFacts, c: CompanyFacts) => boolean): number[] {
  const out: number[] = [];
  for (let i = 0; i < ds.size.people; i++) {
    const p = ds.person(i);
    if (pred(p, ds.company(p.company_index))) out.push(i);
  }
  return out;
}

export function companiesWhere(ds: Dataset, pred: (c: CompanyFacts) => boolean): number[] {
  const out: number[] = [];
  for (let i = 0; i < ds.size.companies; i++) if (pred(ds.company(i))) out.push(i);
  return out;
}

export const leadIdsOf = (ds: Dataset, idx: Iterable<number>): string[] => Array.from(idx, (i) => ds.person(i).lead_id);
export const companyIdsOf = (ds: Dataset, idx: Iterable<number>): string[] => Array.from(idx, (i) => ds.company(i).company_id);

/** The first person for whom a predicate holds (fails the test when none does). */
export function somePerson(ds: Dataset, pred: (p: PersonFacts, c: CompanyFacts) => boolean = () => true): PersonFacts {
  for (let i = 0; i < ds.size.people; i++) {
    const p = ds.person(i);
    if (pred(p, ds.company(p.company_index))) return p;
  }
  throw new Error('no person in the data set fits');
}

/** Every page of a paged search (following cursors), with the totals each page reported. */
export async function allPages(
  send: (cursor: string | undefined) => Promise<RawResponse>,
  idOf: (row: any) => string,
): Promise<{ ids: string[]; pages: any[] }> {
  const ids: string[] = [];
  const pages: any[] = [];
  let cursor: string | undefined;
  do {
    const page = expectOk(await send(cursor));
    pages.push(page);
    ids.push(...page.results.map(idOf));
    cursor = page.cursor ?? undefined;
  } while (cursor && pages.length < 50);
  return { ids, pages };
}
