import { control, type RawResponse } from './helpers.js';
import { call, expectOk, seedList, type Cast } from './lists-helpers.js';
import type { PersonFacts } from '../../src/sandbox/data/dataset.js';

export const START_MS = Date.UTC(2031, 4, 6, 8);

export const advance = (cast: Cast, ms: number) => control(cast.sb, 'POST', '/clock', { advance_ms: ms });

export function startJob(cast: Cast, listId: string, body: unknown, token?: string): Promise<RawResponse> {
  return call(cast.sb, 'POST', `/lead-lists/${listId}/find-people`, { body, ...(token ? { token } : {}) });
}

export function pollJob(cast: Cast, listId: string, workflowId: string, token?: string): Promise<RawResponse> {
  return call(cast.sb, 'GET', `/lead-lists/${listId}/find-people/status/${workflowId}`, { ...(token ? { token } : {}) });
}

/** A list of `people` leads saved from the data set (from person `from`), and the ids of their employers in first-seen order. */
export async function listWithLeads(cast: Cast, name: string, people: number, from = 0, extra: Record<string, unknown> = {}) {
  const list = await seedList(cast.sb, { name, people, from_person: from, ...extra });
  const companies = [
    ...new Set(Array.from({ length: people }, (_, k) => cast.ds.company(cast.ds.person(from + k).company_index).company_id)),
  ];
  return { id: list.list_id as string, companies };
}

/** The people a job finds at these companies (the oracle): those `match` takes, at most `limit` per company, in data-set order. */
export function expectedPeople(
  cast: Cast,
  companyIds: string[],
  limit: number,
  match: (p: PersonFacts) => boolean = () => true,
): PersonFacts[] {
  return companyIds.flatMap((id) => {
    const at = cast.ds.companyIndexById(id)!;
    return Array.from(cast.ds.peopleAt(at), (i) => cast.ds.person(i))
      .filter(match)
      .slice(0, limit);
  });
}

export async function leadsOf(cast: Cast, listId: string): Promise<any[]> {
  return expectOk(await call(cast.sb, 'GET', `/lead-lists/${listId}/leads?limit=500`)).leads;
}
