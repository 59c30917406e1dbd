import * as z from 'zod/mini';
import { envelopeFields } from './envelope.js';
import { anyOfForms, atLeastOneOf, described, exactlyOneOf, sends } from './described.js';
import {
  CANONICAL_FIELDS,
  CSV_IMPORT_LIMITS,
  FIND_PEOPLE_LIMITS,
  FIND_PEOPLE_STATUSES,
  FOLDER_LIMITS,
  IMPORT_ENRICHMENT_TYPES,
  LIST_LIMITS,
  LIST_VISIBILITIES,
  SKIP_REASONS,
} from './values/lists.js';

export * from './values/lists.js';

const between = (l: { min: number; max: number }) => z.int().check(z.minimum(l.min), z.maximum(l.max));
const listName = z.string().check(z.minLength(LIST_LIMITS.name.min), z.maxLength(LIST_LIMITS.name.max));
const ids = (min: number, max: number) => z.array(z.string().check(z.minLength(1))).check(z.minLength(min), z.maxLength(max));
const has = (v: object, k: string) => (v as Record<string, unknown>)[k] !== undefined;
const dateTime = { format: 'date-time' } as const;

// Request bodies (what the sandbox validates with 422, and the SDK's parameter types).

/** POST /lead-lists: a private list; the same name (case-insensitive) among your own lists is reused. */
export const CreateListBody = described(
  z.object({
    name: described(
      listName,
      `Name of the list (${LIST_LIMITS.name.min} to ${LIST_LIMITS.name.max} characters); a list of yours with the same name in any case is reused.`,
    ),
    description: z.optional(described(z.string(), 'What the list is for.')),
    folder_id: z.optional(described(z.string(), 'A folder you own to put the list in.')),
  }),
  'A new private list.',
);
export type CreateListBody = z.infer<typeof CreateListBody>;

/** PATCH /lead-lists/{id}: present fields change; null description clears, null folder_id leaves the folder. */
export const UpdateListBody = described(
  z
    .object({
      name: z.optional(described(listName, `New name (${LIST_LIMITS.name.min} to ${LIST_LIMITS.name.max} characters).`)),
      description: z.optional(described(z.nullable(z.string()), 'New description; null clears it.')),
      folder_id: z.optional(described(z.nullable(z.string()), 'A folder you own to move the list into; null takes it out of its folder.')),
    })
    .check(
      z.refine((v) => has(v, 'name') || has(v, 'description') || has(v, 'folder_id'), {
        message: 'send at least one of name, description or folder_id',
      }),
    ),
  'The fields to change (at least one); omitted fields are untouched.',
  atLeastOneOf('name', 'description', 'folder_id'),
);
export type UpdateListBody = z.infer<typeof UpdateListBody>;

/** POST /lead-lists/{id}/leads: by cohort (task_id, optional entity_ids) or by lead_ids, never both. */
export const AddLeadsBody = described(
  z
    .object({
      task_id: z.optional(
        described(z.string().check(z.minLength(1)), 'A cohort handle (svc-task_...) from a search or a list page; send this or lead_ids.'),
      ),
      entity_ids: z.optional(
        described(
          ids(0, LIST_LIMITS.addEntityIds.max),
          `With task_id: the rows of the cohort to save (up to ${LIST_LIMITS.addEntityIds.max}); omit to save the whole cohort.`,
        ),
      ),
      lead_ids: z.optional(
        described(
          ids(LIST_LIMITS.addLeadIds.min, LIST_LIMITS.addLeadIds.max),
          `Ids of leads already in the workspace (${LIST_LIMITS.addLeadIds.min} to ${LIST_LIMITS.addLeadIds.max}); search rows cannot be added by id. Send this or task_id.`,
        ),
      ),
    })
    .check(
      z.refine((v) => has(v, 'task_id') !== has(v, 'lead_ids'), { message: 'send exactly one of task_id (a cohort) or lead_ids' }),
      z.refine((v) => !has(v, 'entity_ids') || has(v, 'task_id'), { message: 'entity_ids goes with task_id' }),
    ),
  'Leads to add: exactly one of task_id (a cohort, with optional entity_ids) or lead_ids. Free.',
  exactlyOneOf(['task_id', 'lead_ids'], { lead_ids: ['entity_ids'] }),
);
export type AddLeadsBody = z.infer<typeof AddLeadsBody>;

/** DELETE /lead-lists/{id}/leads */
export const RemoveLeadsBody = described(
  z.object({
    lead_ids: described(
      ids(LIST_LIMITS.removeLeadIds.min, LIST_LIMITS.removeLeadIds.max),
      `Leads to take out of the list (${LIST_LIMITS.removeLeadIds.min} to ${LIST_LIMITS.removeLeadIds.max}); unknown ids are ignored.`,
    ),
  }),
  'Leads to remove from the list (membership only; the lead records stay).',
);
export type RemoveLeadsBody = z.infer<typeof RemoveLeadsBody>;

/** POST /lead-lists/{id}/csv-import. enrichment_type is required unless dispatch_enrichment is false. */
export const CsvImportBody = described(
  z
    .object({
      csv_content_base64: described(
        z.string(),
        `The CSV, UTF-8 with a header row, base64-encoded; at most about ${CSV_IMPORT_LIMITS.maxBytes / 1024} KB or ${CSV_IMPORT_LIMITS.maxRows} rows (larger is a 413).`,
        // Line breaks and spaces are allowed anywhere, padding is optional.
        {
          contentEncoding: 'base64',
          contentMediaType: 'text/csv',
          pattern: '^[\\r\\n\\t ]*[A-Za-z0-9+/][A-Za-z0-9+/\\r\\n\\t ]*(=[\\r\\n\\t ]*){0,2}$',
        },
      ),
      column_mapping: described(
        z.partialRecord(z.enum(CANONICAL_FIELDS), z.string().check(z.minLength(1))),
        'Canonical field -> the CSV header holding it.',
      ),
      dispatch_enrichment: z.optional(described(z.boolean(), 'Whether to enrich the imported leads (billed per lead).', { default: true })),
      enrichment_type: z.optional(
        described(
          z.enum(IMPORT_ENRICHMENT_TYPES),
          'partial (email and profile, 1 credit), phone_only (10) or full (11); required when dispatching.',
        ),
      ),
      quote_id: z.optional(described(z.string(), 'A quote for tool bulk_import_csv.')),
      idempotency_key: z.optional(
        described(
          z.string().check(z.minLength(1), z.maxLength(255)),
          'Replays the first answer for 24 hours, organization-wide, without importing or charging again.',
        ),
      ),
    })
    .check(
      z.refine((v) => v.dispatch_enrichment === false || v.enrichment_type !== undefined, {
        message: 'enrichment_type is required when dispatch_enrichment is true (the default)',
      }),
    ),
  'A CSV to import into the list; import is free, a dispatched enrichment is billed per lead.',
  anyOfForms(
    sends('enrichment_type'),
    sends('dispatch_enrichment', { const: false, description: 'false: nothing is enriched, so no enrichment_type is needed.' }),
  ),
);
export type CsvImportBody = z.infer<typeof CsvImportBody>;

/** POST /lead-lists/{id}/find-people */
export const FindPeopleBody = described(
  z.object({
    company_ids: described(
      ids(FIND_PEOPLE_LIMITS.companyIds.min, FIND_PEOPLE_LIMITS.companyIds.max),
      `Companies of this list to find people at (${FIND_PEOPLE_LIMITS.companyIds.min} to ${FIND_PEOPLE_LIMITS.companyIds.max}); ids outside the list are dropped.`,
    ),
    job_titles: z.optional(described(z.array(z.string()), 'Titles to look for (any of them).')),
    seniority_levels: z.optional(described(z.array(z.string()), 'Seniority levels to look for (any of them), e.g. Director, Manager.')),
    limit_per_company: z.optional(
      described(
        between(FIND_PEOPLE_LIMITS.limitPerCompany),
        `People per company (${FIND_PEOPLE_LIMITS.limitPerCompany.min} to ${FIND_PEOPLE_LIMITS.limitPerCompany.max}, default ${FIND_PEOPLE_LIMITS.limitPerCompany.default}).`,
        { default: FIND_PEOPLE_LIMITS.limitPerCompany.default },
      ),
    ),
    location_state: z.optional(described(z.string(), 'Only people in this state or region.')),
    location_country: z.optional(described(z.string(), 'Only people in this country.')),
  }),
  'A job finding people at companies of the list and importing them into it (free; the balance must cover companies x limit_per_company).',
);
export type FindPeopleBody = z.infer<typeof FindPeopleBody>;

/** v1 POST /folders. A parent_id that is not a UUID is a 400 (handler check), an unknown one 404. */
export const CreateFolderBody = described(
  z.object({
    name: described(
      z.string().check(z.minLength(FOLDER_LIMITS.name.min), z.maxLength(FOLDER_LIMITS.name.max)),
      `Name of the folder (${FOLDER_LIMITS.name.min} to ${FOLDER_LIMITS.name.max} characters).`,
    ),
    parent_id: z.optional(
      described(z.nullable(z.string()), 'The folder to create it in (a UUID of one of your folders); omit or null for the top level.', {
        format: 'uuid',
      }),
    ),
  }),
  'A new lead-list folder.',
);
export type CreateFolderBody = z.infer<typeof CreateFolderBody>;

// Responses.

const str = z.string();
const nstr = z.nullable(z.string());
const count = z.int().check(z.minimum(0));

const listFields = {
  list_id: described(str, 'Id of the list.'),
  name: described(str, 'Name of the list.'),
  lead_count: described(count, 'Leads in the list now.'),
  folder_id: described(nstr, 'The folder holding the list, or null.'),
  created_at: described(str, 'When the list was created (ISO 8601).', dateTime),
};

export const ListDetail = described(
  z.looseObject({
    ...listFields,
    description: described(nstr, 'What the list is for, or null.'),
    enriched_count: described(count, 'Leads of the list that have been enriched.'),
    timestamp_ms: envelopeFields.timestamp_ms,
    reused: z.optional(described(z.boolean(), 'Create only: true when an existing list of yours with that name was returned instead.')),
  }),
  'A lead list.',
);
export type ListDetail = z.infer<typeof ListDetail>;

export const ListSummary = described(
  z.looseObject({
    ...listFields,
    owner_name: described(nstr, 'Display name of the creator, or null.'),
    visibility: described(z.enum(LIST_VISIBILITIES), 'private (yours), organization (everyone in it) or shared (with you).'),
  }),
  'A lead list in a page of lists.',
);
export type ListSummary = z.infer<typeof ListSummary>;

const pageTotal = (what: string) => described(count, what);
const nextCursor = described(nstr, 'Cursor of the next page; null on the last one.');

export const ListsPage = described(
  z.looseObject({
    ...envelopeFields,
    lists: described(z.array(ListSummary), 'This page of lists.'),
    total: pageTotal('Lists in all pages.'),
    cursor: nextCursor,
  }),
  'A page of the lists you own, your organization’s and those shared with you.',
);
export type ListsPage = z.infer<typeof ListsPage>;

export const LeadRow = described(
  z.looseObject({
    lead_id: described(str, 'Stable id of the lead (valid as a lead_ids value).'),
    first_name: described(nstr, 'First name.'),
    last_name: described(nstr, 'Last name.'),
    full_name: described(nstr, 'Full name, pre-composed.'),
    email: described(nstr, 'Business email; null until enriched.'),
    phone: described(nstr, 'Primary verified phone; null until phone-enriched.'),
    title: described(nstr, 'Job title.'),
    company: described(nstr, 'Company name.'),
    location: described(nstr, 'City, State, Country.'),
  }),
  'A lead of a list.',
);
export type LeadRow = z.infer<typeof LeadRow>;

export const LeadsPage = described(
  z.looseObject({
    ...envelopeFields,
    list_id: described(str, 'The list.'),
    leads: described(z.array(LeadRow), 'This page of leads.'),
    total: pageTotal('Leads in the list.'),
    cursor: nextCursor,
  }),
  'A page of the leads of a list; task_id is the cohort handle of this page (usable with by-task enrichment).',
);
export type LeadsPage = z.infer<typeof LeadsPage>;

export const AddLeadsResponse = described(
  z.looseObject({
    ...envelopeFields,
    list_id: described(str, 'The list.'),
    added: described(count, 'Leads added.'),
    skipped_duplicates: described(count, 'Leads already in the list.'),
    /** Lead records made for search rows saved by cohort (absent for lead_ids). */
    created: z.optional(described(count, 'Cohort saves: lead records created for search rows.')),
    credits_charged: described(z.number(), 'Always 0: saving leads is free.', { const: 0 }),
  }),
  'What adding leads did.',
);
export type AddLeadsResponse = z.infer<typeof AddLeadsResponse>;

export const RemoveLeadsResponse = described(
  z.looseObject({ ...envelopeFields, list_id: described(str, 'The list.'), removed: described(count, 'Leads taken out of the list.') }),
  'What removing leads did.',
);
export type RemoveLeadsResponse = z.infer<typeof RemoveLeadsResponse>;

export const DeleteListResponse = described(
  z.looseObject({ ...envelopeFields, list_id: described(str, 'The deleted list.'), deleted: described(z.literal(true), 'Always true.') }),
  'A deleted list (its lead records stay).',
);
export type DeleteListResponse = z.infer<typeof DeleteListResponse>;

export const CsvImportResponse = described(
  z.looseObject({
    ...envelopeFields,
    list_id: described(str, 'The list imported into.'),
    rows_parsed: described(count, 'Data rows read from the CSV.'),
    rows_imported: described(count, 'Rows that became leads of the list.'),
    rows_skipped: described(count, 'Rows left out.'),
    skip_reasons: described(z.record(z.string(), count), `Why rows were left out: reason -> count (${SKIP_REASONS.join(', ')}).`),
    /** Row numbers of the CSV sent, the header being row 1. */
    sample_skip_rows: described(z.array(z.int()), 'Some skipped rows, by row number in the CSV (the header is row 1).'),
    workflow_id: described(nstr, 'The dispatched enrichment, or null.'),
    enrichment_status_url: described(nstr, 'Status URL of the dispatched enrichment, or null.'),
    idempotency_replayed: described(
      z.boolean(),
      'true when this is the replayed answer of an earlier request with the same idempotency_key.',
    ),
  }),
  'What a CSV import did.',
);
export type CsvImportResponse = z.infer<typeof CsvImportResponse>;

export const FindPeopleStarted = described(
  z.looseObject({
    ...envelopeFields,
    workflow_id: described(str, 'The job.'),
    status: described(z.literal('pending'), 'Always pending.'),
    total_companies: described(count, 'Companies of the list the job searches.'),
    estimated_credits: described(z.number(), 'Companies x limit_per_company: what the balance must cover (discovery and import are free).'),
    lead_list_id: described(str, 'The list the people are imported into.'),
    poll_url: described(str, 'Where to poll the job.'),
  }),
  'A find-people job, started.',
);
export type FindPeopleStarted = z.infer<typeof FindPeopleStarted>;

/** The status of a find-people job (the spec leaves its fields open; these are the sandbox's). */
export const FindPeopleStatusResponse = described(
  z.looseObject({
    ...envelopeFields,
    workflow_id: described(str, 'The job.'),
    status: described(z.enum(FIND_PEOPLE_STATUSES), 'pending, processing, then completed, failed or cancelled (two l).'),
    lead_list_id: described(str, 'The list the people are imported into.'),
    total_companies: described(count, 'Companies the job searches.'),
    processed_companies: described(count, 'Companies searched so far.'),
    people_found: described(count, 'People found so far.'),
    people_added: described(count, 'People added to the list so far.'),
    estimated_credits: described(z.number(), 'What the balance had to cover.'),
    credits_used: described(z.number(), 'Always 0: discovery and import are free.'),
    created_at: described(str, 'When the job started (ISO 8601).', dateTime),
    completed_at: described(nstr, 'When the job ended (ISO 8601), or null.', dateTime),
    error: z.optional(described(nstr, 'Why the job failed.')),
  }),
  'The state of a find-people job.',
);
export type FindPeopleStatusResponse = z.infer<typeof FindPeopleStatusResponse>;

export const Folder = described(
  z.looseObject({
    folder_id: described(str, 'Id of the folder (a UUID).', { format: 'uuid' }),
    name: described(str, 'Name of the folder.'),
    parent_id: described(nstr, 'The folder it is in, or null at the top level.', { format: 'uuid' }),
    created_at: described(str, 'When it was created (ISO 8601).', dateTime),
  }),
  'A lead-list folder.',
);
export type Folder = z.infer<typeof Folder>;
