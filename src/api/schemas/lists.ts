import * as z from 'zod/mini';
import { envelopeFields } from './envelope.js';
import {
  CANONICAL_FIELDS,
  FIND_PEOPLE_LIMITS,
  FIND_PEOPLE_STATUSES,
  FOLDER_LIMITS,
  IMPORT_ENRICHMENT_TYPES,
  LIST_LIMITS,
  LIST_VISIBILITIES,
} from './values/lists.js';

export * from './values/lists.js';

const between = (l: { min: number; max: number }) => z.int().check(z.minimum(l.min), z.maximum(l.max));
const listName = z.string().check(z.minLength(LIST_LIMITS.name.min), z.maxLength(LIST_LIMITS.name.max));
const ids = (min: number, max: number) => z.array(z.string().check(z.minLength(1))).check(z.minLength(min), z.maxLength(max));
const has = (v: object, k: string) => (v as Record<string, unknown>)[k] !== undefined;

// Request bodies (what the sandbox validates with 422, and the SDK's parameter types).

/** POST /lead-lists: a private list; the same name (case-insensitive) among your own lists is reused. */
export const CreateListBody = z.object({
  name: listName,
  description: z.optional(z.string()),
  folder_id: z.optional(z.string()),
});
export type CreateListBody = z.infer<typeof CreateListBody>;

/** PATCH /lead-lists/{id}: present fields change; null description clears, null folder_id leaves the folder. */
export const UpdateListBody = z
  .object({
    name: z.optional(listName),
    description: z.optional(z.nullable(z.string())),
    folder_id: z.optional(z.nullable(z.string())),
  })
  .check(
    z.refine((v) => has(v, 'name') || has(v, 'description') || has(v, 'folder_id'), {
      message: 'send at least one of name, description or folder_id',
    }),
  );
export type UpdateListBody = z.infer<typeof UpdateListBody>;

/** POST /lead-lists/{id}/leads: by cohort (task_id, optional entity_ids) or by lead_ids, never both. */
export const AddLeadsBody = z
  .object({
    task_id: z.optional(z.string().check(z.minLength(1))),
    entity_ids: z.optional(ids(0, LIST_LIMITS.addEntityIds.max)),
    lead_ids: z.optional(ids(LIST_LIMITS.addLeadIds.min, LIST_LIMITS.addLeadIds.max)),
  })
  .check(
    z.refine((v) => has(v, 'task_id') !== has(v, 'lead_ids'), { message: 'send exactly one of task_id (a cohort) or lead_ids' }),
    z.refine((v) => !has(v, 'entity_ids') || has(v, 'task_id'), { message: 'entity_ids goes with task_id' }),
  );
export type AddLeadsBody = z.infer<typeof AddLeadsBody>;

/** DELETE /lead-lists/{id}/leads */
export const RemoveLeadsBody = z.object({ lead_ids: ids(LIST_LIMITS.removeLeadIds.min, LIST_LIMITS.removeLeadIds.max) });
export type RemoveLeadsBody = z.infer<typeof RemoveLeadsBody>;

/** POST /lead-lists/{id}/csv-import. enrichment_type is required unless dispatch_enrichment is false. */
export const CsvImportBody = z
  .object({
    csv_content_base64: z.string(),
    column_mapping: z.partialRecord(z.enum(CANONICAL_FIELDS), z.string().check(z.minLength(1))),
    dispatch_enrichment: z.optional(z.boolean()),
    enrichment_type: z.optional(z.enum(IMPORT_ENRICHMENT_TYPES)),
    quote_id: z.optional(z.string()),
    idempotency_key: z.optional(z.string().check(z.minLength(1), z.maxLength(255))),
  })
  .check(
    z.refine((v) => v.dispatch_enrichment === false || v.enrichment_type !== undefined, {
      message: 'enrichment_type is required when dispatch_enrichment is true (the default)',
    }),
  );
export type CsvImportBody = z.infer<typeof CsvImportBody>;

/** POST /lead-lists/{id}/find-people */
export const FindPeopleBody = z.object({
  company_ids: ids(FIND_PEOPLE_LIMITS.companyIds.min, FIND_PEOPLE_LIMITS.companyIds.max),
  job_titles: z.optional(z.array(z.string())),
  seniority_levels: z.optional(z.array(z.string())),
  limit_per_company: z.optional(between(FIND_PEOPLE_LIMITS.limitPerCompany)),
  location_state: z.optional(z.string()),
  location_country: z.optional(z.string()),
});
export type FindPeopleBody = z.infer<typeof FindPeopleBody>;

/** v1 POST /folders. A parent_id that is not a UUID is a 400 (handler check), an unknown one 404. */
export const CreateFolderBody = z.object({
  name: z.string().check(z.minLength(FOLDER_LIMITS.name.min), z.maxLength(FOLDER_LIMITS.name.max)),
  parent_id: z.optional(z.nullable(z.string())),
});
export type CreateFolderBody = z.infer<typeof CreateFolderBody>;

// Responses.

const str = z.string();
const nstr = z.nullable(z.string());
const count = z.int().check(z.minimum(0));

export const ListDetail = z.looseObject({
  list_id: str,
  name: str,
  description: nstr,
  lead_count: count,
  enriched_count: count,
  folder_id: nstr,
  created_at: str,
  timestamp_ms: envelopeFields.timestamp_ms,
  reused: z.optional(z.boolean()),
});
export type ListDetail = z.infer<typeof ListDetail>;

export const ListSummary = z.looseObject({
  list_id: str,
  name: str,
  lead_count: count,
  folder_id: nstr,
  created_at: str,
  owner_name: nstr,
  visibility: z.enum(LIST_VISIBILITIES),
});
export type ListSummary = z.infer<typeof ListSummary>;

export const ListsPage = z.looseObject({ ...envelopeFields, lists: z.array(ListSummary), total: count, cursor: nstr });
export type ListsPage = z.infer<typeof ListsPage>;

export const LeadRow = z.looseObject({
  lead_id: str,
  first_name: nstr,
  last_name: nstr,
  full_name: nstr,
  email: nstr,
  phone: nstr,
  title: nstr,
  company: nstr,
  location: nstr,
});
export type LeadRow = z.infer<typeof LeadRow>;

export const LeadsPage = z.looseObject({ ...envelopeFields, list_id: str, leads: z.array(LeadRow), total: count, cursor: nstr });
export type LeadsPage = z.infer<typeof LeadsPage>;

export const AddLeadsResponse = z.looseObject({
  ...envelopeFields,
  list_id: str,
  added: count,
  skipped_duplicates: count,
  /** Lead records made for search rows saved by cohort (absent for lead_ids). */
  created: z.optional(count),
  credits_charged: z.number(),
});
export type AddLeadsResponse = z.infer<typeof AddLeadsResponse>;

export const RemoveLeadsResponse = z.looseObject({ ...envelopeFields, list_id: str, removed: count });
export type RemoveLeadsResponse = z.infer<typeof RemoveLeadsResponse>;

export const DeleteListResponse = z.looseObject({ ...envelopeFields, list_id: str, deleted: z.literal(true) });
export type DeleteListResponse = z.infer<typeof DeleteListResponse>;

export const CsvImportResponse = z.looseObject({
  ...envelopeFields,
  list_id: str,
  rows_parsed: count,
  rows_imported: count,
  rows_skipped: count,
  skip_reasons: z.record(z.string(), count),
  /** Row numbers of the CSV sent, the header being row 1. */
  sample_skip_rows: z.array(z.int()),
  workflow_id: nstr,
  enrichment_status_url: nstr,
  idempotency_replayed: z.boolean(),
});
export type CsvImportResponse = z.infer<typeof CsvImportResponse>;

export const FindPeopleStarted = z.looseObject({
  ...envelopeFields,
  workflow_id: str,
  status: z.literal('pending'),
  total_companies: count,
  estimated_credits: z.number(),
  lead_list_id: str,
  poll_url: str,
});
export type FindPeopleStarted = z.infer<typeof FindPeopleStarted>;

/** The status of a find-people job (the spec leaves its fields open; these are the sandbox's). */
export const FindPeopleStatusResponse = z.looseObject({
  ...envelopeFields,
  workflow_id: str,
  status: z.enum(FIND_PEOPLE_STATUSES),
  lead_list_id: str,
  total_companies: count,
  processed_companies: count,
  people_found: count,
  people_added: count,
  estimated_credits: z.number(),
  credits_used: z.number(),
  created_at: str,
  completed_at: nstr,
  error: z.optional(nstr),
});
export type FindPeopleStatusResponse = z.infer<typeof FindPeopleStatusResponse>;

export const Folder = z.looseObject({ folder_id: str, name: str, parent_id: nstr, created_at: str });
export type Folder = z.infer<typeof Folder>;

