import { folders, lists } from '../endpoints/lists.js';
import { call } from '../endpoints/call.js';
import type { Client } from '../client.js';
import { pages, type CursorPageResult } from '../paginate.js';
import { waitForWorkflow, type PollOptions } from '../poll.js';
import { LIST_LIMITS } from '../schemas/values/lists.js';
import type {
  AddLeadsBody,
  AddLeadsResponse,
  CreateFolderBody,
  CreateListBody,
  CsvImportBody,
  CsvImportResponse,
  DeleteListResponse,
  FindPeopleBody,
  FindPeopleStarted,
  FindPeopleStatusResponse,
  Folder,
  LeadRow,
  LeadsPage,
  ListDetail,
  ListSummary,
  ListsPage,
  RemoveLeadsResponse,
  UpdateListBody,
} from '../schemas/lists.js';

/** Lead lists (free): lists, their leads, CSV import, find-people jobs, and v1 folders. */

interface Call {
  signal?: AbortSignal | undefined;
}

export interface ListsQuery {
  limit?: number;
  folder_id?: string;
}

export interface LeadsQuery {
  limit?: number;
}

/** POST /lead-lists. A list of yours with the same name (any case) is returned with reused true, so a retry is safe. */
export function createList(client: Client, body: CreateListBody, opts: Call = {}): Promise<ListDetail> {
  return call(client, lists.create, { body, signal: opts.signal });
}

/** GET /lead-lists: one page of the lists you own, your organization's and those shared with you. */
export function listLists(client: Client, query: ListsQuery & { cursor?: string } = {}, opts: Call = {}): Promise<ListsPage> {
  return call(client, lists.list, { query: { ...query }, signal: opts.signal });
}

/** Every page of GET /lead-lists, following cursors. */
export function listListsPages(
  client: Client,
  query: ListsQuery = {},
  opts: Call & { cursor?: string } = {},
): AsyncGenerator<CursorPageResult<ListSummary> & { page: ListsPage }> {
  return pages(async (cursor) => {
    const page = await listLists(client, { ...query, ...(cursor ? { cursor } : {}) }, opts);
    return { items: page.lists, cursor: page.cursor, page };
  }, opts.cursor) as AsyncGenerator<CursorPageResult<ListSummary> & { page: ListsPage }>;
}

/** GET /lead-lists/{list_id} */
export function getList(client: Client, listId: string, opts: Call = {}): Promise<ListDetail> {
  return call(client, lists.get, { params: { list_id: listId }, signal: opts.signal });
}

/** PATCH /lead-lists/{list_id}: present fields change (null clears description or leaves the folder). */
export function updateList(client: Client, listId: string, body: UpdateListBody, opts: Call = {}): Promise<ListDetail> {
  return call(client, lists.update, { params: { list_id: listId }, body, signal: opts.signal });
}

/** DELETE /lead-lists/{list_id}: the list and its memberships; lead records stay. */
export function deleteList(client: Client, listId: string, opts: Call = {}): Promise<DeleteListResponse> {
  return call(client, lists.delete, { params: { list_id: listId }, signal: opts.signal });
}

/** GET /lead-lists/{list_id}/leads: one page, with a cohort task_id for the page's leads. */
export function listLeads(client: Client, listId: string, query: LeadsQuery & { cursor?: string } = {}, opts: Call = {}): Promise<LeadsPage> {
  return call(client, lists.leads, { params: { list_id: listId }, query: { ...query }, signal: opts.signal });
}

/**
 * Every page of a list's leads, following cursors. Pages are as large as the service takes
 * unless `query.limit` says otherwise: the per-key rate limit counts requests, not rows.
 */
export function listLeadsPages(
  client: Client,
  listId: string,
  query: LeadsQuery = {},
  opts: Call & { cursor?: string } = {},
): AsyncGenerator<CursorPageResult<LeadRow> & { page: LeadsPage }> {
  const limit = query.limit ?? LIST_LIMITS.leadsPage.max;
  return pages(async (cursor) => {
    const page = await listLeads(client, listId, { ...query, limit, ...(cursor ? { cursor } : {}) }, opts);
    return { items: page.leads, cursor: page.cursor, page };
  }, opts.cursor) as AsyncGenerator<CursorPageResult<LeadRow> & { page: LeadsPage }>;
}

/** POST /lead-lists/{list_id}/leads: a cohort (task_id, optional entity_ids) or lead_ids. Free; duplicates are skipped. */
export function addLeads(client: Client, listId: string, body: AddLeadsBody, opts: Call = {}): Promise<AddLeadsResponse> {
  return call(client, lists.addLeads, { params: { list_id: listId }, body, signal: opts.signal });
}

/** DELETE /lead-lists/{list_id}/leads: memberships of up to 100 leads; unknown ids are ignored. */
export function removeLeads(client: Client, listId: string, leadIds: readonly string[], opts: Call = {}): Promise<RemoveLeadsResponse> {
  return call(client, lists.removeLeads, { params: { list_id: listId }, body: { lead_ids: [...leadIds] }, signal: opts.signal });
}

/**
 * POST /lead-lists/{list_id}/csv-import: one CSV of at most 600 rows and about 150 KB. With
 * an idempotency_key a repeat replays the first response (24 h), so it is safe to retry.
 */
export function importCsv(client: Client, listId: string, body: CsvImportBody, opts: Call = {}): Promise<CsvImportResponse> {
  return call(client, lists.importCsv, { params: { list_id: listId }, body, signal: opts.signal });
}

/** POST /lead-lists/{list_id}/find-people: starts a job finding people at companies of the list. Free. */
export function startFindPeople(client: Client, listId: string, body: FindPeopleBody, opts: Call = {}): Promise<FindPeopleStarted> {
  return call(client, lists.findPeople, { params: { list_id: listId }, body, signal: opts.signal });
}

/** GET /lead-lists/{list_id}/find-people/status/{workflow_id} */
export function findPeopleStatus(client: Client, listId: string, workflowId: string, opts: Call = {}): Promise<FindPeopleStatusResponse> {
  return call(client, lists.findPeopleStatus, { params: { list_id: listId, workflow_id: workflowId }, signal: opts.signal });
}

/** Polls a find-people job until completed, failed or cancelled. */
export function waitForFindPeople(
  client: Client,
  listId: string,
  workflowId: string,
  opts: Call & Omit<PollOptions<FindPeopleStatusResponse>, 'fetchStatus'> = {},
): Promise<FindPeopleStatusResponse> {
  return waitForWorkflow({
    initialIntervalMs: 500,
    maxIntervalMs: 5_000,
    ...opts,
    fetchStatus: () => findPeopleStatus(client, listId, workflowId, opts),
  });
}

/** v1 POST /folders: a lead-list folder (optionally inside parent_id). */
export function createFolder(client: Client, body: CreateFolderBody, opts: Call = {}): Promise<Folder> {
  return call(client, folders.create, { body, signal: opts.signal });
}
