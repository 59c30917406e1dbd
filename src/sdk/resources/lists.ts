import { randomUUID } from 'node:crypto';
import {
  addLeads,
  createFolder,
  createList,
  deleteList,
  findPeopleStatus,
  getList,
  importCsv,
  listLeadsPages,
  listListsPages,
  removeLeads,
  startFindPeople,
  updateList,
  waitForFindPeople,
  type LeadsQuery,
  type ListsQuery,
} from '../../api/resources/lists.js';
import { PagePromise } from '../../api/paginate.js';
import { estimateBodyFor } from '../../api/quote-shape.js';
import type {
  AddLeadsBody,
  AddLeadsResponse,
  CanonicalField,
  CreateFolderBody,
  CreateListBody,
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
} from '../../api/schemas/lists.js';
import type { EnrichmentType } from '../../api/schemas/values/credits.js';
import { Resource } from '../core.js';
import { countCsvRecords } from '../csv-rows.js';
import type { CallOptions, WaitOptions } from '../options.js';
import { payFor, type PaidOptions } from '../paid.js';

export type { ListsQuery, LeadsQuery };

/** The CSV of lists.importCsv: as text or bytes (encoded for you), or already base64-encoded. */
export type CsvContent = { csv: string | Uint8Array; csv_content_base64?: undefined } | { csv_content_base64: string; csv?: undefined };

/** What every CSV import takes beside the CSV. */
export interface CsvImportFields {
  /** Canonical field -> the CSV header that holds it. */
  column_mapping: Partial<Record<CanonicalField, string>>;
  /**
   * Makes a repeat of this import within 24 hours replay the first answer instead of importing
   * again. Default: a new random key per call, so a lost answer is resent safely.
   */
  idempotency_key?: string;
}

/** lists.importCsv() without enrichment: free. */
export type CsvImportParams = CsvContent & CsvImportFields & { dispatch_enrichment: false; enrichment_type?: undefined };

/** lists.importCsv() with enrichment of the imported rows: paid (bulk_import_csv, the type's price per row). */
export type CsvImportEnrichParams = CsvContent & CsvImportFields & { dispatch_enrichment?: true; enrichment_type: EnrichmentType };

/** Lead lists (free): lists, their leads, CSV import (paid when it enriches), find-people jobs, folders. */
export class Lists extends Resource {
  /** A private list. One of yours with the same name (any case) is returned with reused: true, so a retry is safe. */
  async create(params: CreateListBody, opts: CallOptions = {}): Promise<ListDetail> {
    return createList(this.core, params, opts);
  }

  /** The lists you own, your organization's and those shared with you. Awaited: the first page; iterated: every list. */
  list(query: ListsQuery & { cursor?: string } = {}, opts: CallOptions = {}): PagePromise<ListsPage, ListSummary> {
    const { cursor, ...rest } = query;
    return new PagePromise(() => listListsPages(this.core, rest, { signal: opts.signal, ...(cursor ? { cursor } : {}) }));
  }

  async get(listId: string, opts: CallOptions = {}): Promise<ListDetail> {
    return getList(this.core, listId, opts);
  }

  /** Present fields change; description: null clears it, folder_id: null takes the list out of its folder. */
  async update(listId: string, params: UpdateListBody, opts: CallOptions = {}): Promise<ListDetail> {
    return updateList(this.core, listId, params, opts);
  }

  /** Deletes the list and its memberships; the lead records stay. */
  async delete(listId: string, opts: CallOptions = {}): Promise<DeleteListResponse> {
    return deleteList(this.core, listId, opts);
  }

  /**
   * The list's leads. Awaited: the first page (with a cohort task_id for enrichment.byTask);
   * iterated: every lead, in pages of `limit` (default 500, the most a page holds).
   */
  leads(listId: string, query: LeadsQuery & { cursor?: string } = {}, opts: CallOptions = {}): PagePromise<LeadsPage, LeadRow> {
    const { cursor, ...rest } = query;
    return new PagePromise(() => listLeadsPages(this.core, listId, rest, { signal: opts.signal, ...(cursor ? { cursor } : {}) }));
  }

  /** Adds a search page's cohort (task_id, optionally only entity_ids of it) or lead_ids. Free; leads already there are skipped. */
  async addLeads(listId: string, params: AddLeadsBody, opts: CallOptions = {}): Promise<AddLeadsResponse> {
    return addLeads(this.core, listId, params, opts);
  }

  /** Removes up to 100 leads from the list (the records stay); unknown ids are ignored. */
  async removeLeads(listId: string, leadIds: readonly string[], opts: CallOptions = {}): Promise<RemoveLeadsResponse> {
    return removeLeads(this.core, listId, leadIds, opts);
  }

  /**
   * Imports one CSV (at most 600 rows, about 150 KB) into the list. With dispatch_enrichment:
   * false it is free; otherwise the imported rows are enriched (paid: pass `confirm`,
   * `maxCredits` or `quote` as the second argument).
   */
  importCsv(listId: string, params: CsvImportParams, opts?: CallOptions): Promise<CsvImportResponse>;
  importCsv(listId: string, params: CsvImportEnrichParams, opts: PaidOptions): Promise<CsvImportResponse>;
  async importCsv(listId: string, params: CsvImportParams | CsvImportEnrichParams, opts: CallOptions | PaidOptions = {}): Promise<CsvImportResponse> {
    const { csv, csv_content_base64, idempotency_key, ...rest } = params;
    const text = csv === undefined ? Buffer.from(csv_content_base64, 'base64').toString('utf8') : typeof csv === 'string' ? csv : Buffer.from(csv).toString('utf8');
    const body = { ...rest, csv_content_base64: csv_content_base64 ?? Buffer.from(text).toString('base64'), idempotency_key: idempotency_key ?? randomUUID() };
    const send = (quoteId?: string) => importCsv(this.core, listId, { ...body, ...(quoteId ? { quote_id: quoteId } : {}) }, { signal: opts.signal });
    if (rest.dispatch_enrichment === false) return send();
    const enrichment_type = (rest as CsvImportEnrichParams).enrichment_type;
    const estimate = estimateBodyFor({ tool: 'bulk_import_csv', body: { enrichment_type }, rows: countCsvRecords(text) });
    // A CSV import keeps its own rule (its idempotency key replays the first answer), outside the journal.
    return payFor(this.core, { estimate, what: 'client.lists.importCsv', send }, opts as PaidOptions);
  }

  /** Starts a job finding people at companies of the list (free); poll it with findPeopleStatus or waitForFindPeople. */
  async findPeople(listId: string, params: FindPeopleBody, opts: CallOptions = {}): Promise<FindPeopleStarted> {
    return startFindPeople(this.core, listId, params, opts);
  }

  async findPeopleStatus(listId: string, workflowId: string, opts: CallOptions = {}): Promise<FindPeopleStatusResponse> {
    return findPeopleStatus(this.core, listId, workflowId, opts);
  }

  /** Polls a find-people job until completed, failed or cancelled. */
  async waitForFindPeople(listId: string, workflowId: string, opts: WaitOptions<FindPeopleStatusResponse> = {}): Promise<FindPeopleStatusResponse> {
    return waitForFindPeople(this.core, listId, workflowId, opts);
  }

  /** A lead-list folder (v1), optionally inside parent_id. */
  async createFolder(params: CreateFolderBody, opts: CallOptions = {}): Promise<Folder> {
    return createFolder(this.core, params, opts);
  }
}
