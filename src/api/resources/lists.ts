import type { PagePromise } from '../paginate.js';
import type { PaidCallOptions } from '../paid-call.js';
import { APIResource, lazyEntries, type CallOptions, type WaitOptions } from '../resource.js';
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

const lists = lazyEntries(() => import('../endpoints/lists.js').then((m) => m.lists));
const folders = lazyEntries(() => import('../endpoints/lists.js').then((m) => m.folders));

export interface ListsQuery {
  limit?: number;
  folder_id?: string;
}

export interface LeadsQuery {
  limit?: number;
}

/** Lead lists (free): lists, their leads, CSV import (paid when it enriches), find-people jobs, folders. */
export class Lists extends APIResource {
  /** A private list. One of yours with the same name (any case) is returned with reused: true, so a retry is safe. */
  create(params: CreateListBody, opts?: CallOptions): Promise<ListDetail> {
    return this.send(lists.create, { body: params }, opts);
  }

  /** The lists you own, your organization's and those shared with you. Awaited: the first page; iterated: every list. */
  list(query: ListsQuery & { cursor?: string } = {}, opts?: CallOptions): PagePromise<ListsPage, ListSummary> {
    return this.paged(lists.list, { query: { ...query } }, opts);
  }

  get(listId: string, opts?: CallOptions): Promise<ListDetail> {
    return this.send(lists.get, { params: { list_id: listId } }, opts);
  }

  /** Present fields change; description: null clears it, folder_id: null takes the list out of its folder. */
  update(listId: string, params: UpdateListBody, opts?: CallOptions): Promise<ListDetail> {
    return this.send(lists.update, { params: { list_id: listId }, body: params }, opts);
  }

  /** Deletes the list and its memberships; the lead records stay. */
  delete(listId: string, opts?: CallOptions): Promise<DeleteListResponse> {
    return this.send(lists.delete, { params: { list_id: listId } }, opts);
  }

  /**
   * The list's leads. Awaited: the first page (with a cohort task_id for enrichment.byTask);
   * iterated: every lead, in pages of `limit` (default 500, the most a page holds).
   */
  leads(listId: string, query: LeadsQuery & { cursor?: string } = {}, opts?: CallOptions): PagePromise<LeadsPage, LeadRow> {
    return this.paged(lists.leads, { params: { list_id: listId }, query: { ...query } }, opts);
  }

  /** Adds a search page's cohort (task_id, optionally only entity_ids of it) or lead_ids. Free; leads already there are skipped. */
  addLeads(listId: string, params: AddLeadsBody, opts?: CallOptions): Promise<AddLeadsResponse> {
    return this.send(lists.addLeads, { params: { list_id: listId }, body: params }, opts);
  }

  /** Removes up to 100 leads from the list (the records stay); unknown ids are ignored. */
  removeLeads(listId: string, leadIds: readonly string[], opts?: CallOptions): Promise<RemoveLeadsResponse> {
    return this.send(lists.removeLeads, { params: { list_id: listId }, body: { lead_ids: [...leadIds] } }, opts);
  }

  /** Starts a job finding people at companies of the list (free); poll it with findPeopleStatus or waitForFindPeople. */
  findPeople(listId: string, params: FindPeopleBody, opts?: CallOptions): Promise<FindPeopleStarted> {
    return this.send(lists.findPeople, { params: { list_id: listId }, body: params }, opts);
  }

  findPeopleStatus(listId: string, workflowId: string, opts?: CallOptions): Promise<FindPeopleStatusResponse> {
    return this.send(lists.findPeopleStatus, { params: { list_id: listId, workflow_id: workflowId } }, opts);
  }

  /** Polls a find-people job until completed, failed or cancelled. */
  waitForFindPeople(
    listId: string,
    workflowId: string,
    opts: WaitOptions<FindPeopleStatusResponse> = {},
  ): Promise<FindPeopleStatusResponse> {
    return this.poll(() => this.findPeopleStatus(listId, workflowId, opts), opts);
  }

  /** A lead-list folder (v1), optionally inside parent_id. */
  createFolder(params: CreateFolderBody, opts?: CallOptions): Promise<Folder> {
    return this.send(folders.create, { body: params }, opts);
  }
}

/** The lists area with its CSV import as sent (the paid path when it enriches with a quote): the CLI's, MCP's and the workflows'; the SDK's importCsv decides first. */
export class PaidLists extends Lists {
  /**
   * @internal One CSV import request as given: one that enriches with a quote_id through the paid
   * path, written down in the journal of `opts` as it goes out; any other as any request (free, or
   * enriching without a quote: its idempotency key replays a resend).
   */
  sendImportCsv(listId: string, body: CsvImportBody, opts: PaidCallOptions = {}): Promise<CsvImportResponse> {
    const req = { params: { list_id: listId }, body };
    if (body.dispatch_enrichment === false || !body.quote_id) return this.send(lists.importCsv, req, opts);
    return this.sendQuoted<CsvImportResponse>(lists.importCsv, req, null, opts);
  }
}
