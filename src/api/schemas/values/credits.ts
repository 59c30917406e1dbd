/**
 * Credits, quotes and prices of the spec, free of zod so the CLI's checks, the SDK and the
 * sandbox's pricing share them without loading it.
 */

/** Operations POST /credits/estimate prices (an unknown tool is a 400 validation_error). */
export const TOOLS = [
  'search_people',
  'search_companies',
  'find_similar_companies',
  'add_leads_to_list',
  'enrich_person',
  'enrich_company',
  'add_person_enrichments',
  'add_company_enrichments',
  'enrich_list',
  'bulk_import_csv',
  'run_smart_agent',
  'sync_to_crm',
  'sync_to_sequencer',
] as const;
export type Tool = (typeof TOOLS)[number];

/** Tools priced from a list (list_id). */
export const LIST_TOOLS = ['enrich_list', 'run_smart_agent', 'sync_to_crm', 'sync_to_sequencer'] as const satisfies readonly Tool[];

export const QUOTE_PREFIX = 'qte_v1_';
/** A quote is valid 5 minutes after minting, and once. */
export const QUOTE_TTL_MS = 5 * 60_000;
/** The row count may grow this share over the quote's before a run is refused with spend_cap_exceeded. */
export const QUOTE_ROW_DRIFT = 0.1;
/** The most rows a run may have under a quote of `quoted` rows (10 % drift, rounded down, never below the quote). */
export function maxDriftRows(quoted: number): number {
  return quoted + Math.floor(quoted * QUOTE_ROW_DRIFT + 1e-9);
}

/** What find_similar_companies estimates at (nothing is deducted and no quote is needed). */
export const SIMILAR_COMPANIES_ESTIMATE = 1;

// Enrichment prices.

/** enrichment_type of person enrichment, CSV import dispatch and v1 bulk (underscore in phone_only). */
export const ENRICHMENT_TYPES = ['partial', 'phone_only', 'full'] as const;
export type EnrichmentType = (typeof ENRICHMENT_TYPES)[number];

/** Credits per person found: partial = email and profile, phone_only = phone, full = both. */
export const ENRICHMENT_TYPE_PRICES: Record<EnrichmentType, number> = { partial: 1, phone_only: 10, full: 11 };

/** The data points an enrichment type asks for (what pay-for-results charges for). */
export const ENRICHMENT_TYPE_WANTS: Record<EnrichmentType, { email: boolean; phone: boolean }> = {
  partial: { email: true, phone: false },
  phone_only: { email: false, phone: true },
  full: { email: true, phone: true },
};

/** scope of list (bulk) enrichment: the hyphen in phone-only is the spec's spelling here. */
export const LIST_SCOPES = ['partial', 'full', 'phone-only'] as const;
export type ListScope = (typeof LIST_SCOPES)[number];
export const LIST_SCOPE_TYPES: Record<ListScope, EnrichmentType> = { partial: 'partial', full: 'full', 'phone-only': 'phone_only' };

/** The enrichment type of the legacy include_phone flag (false: partial, true: phone_only). */
export const includePhoneType = (includePhone: boolean): EnrichmentType => (includePhone ? 'phone_only' : 'partial');

export const PERSON_DATA_POINTS = ['Email', 'Phone', 'LinkedIn'] as const;
export type PersonDataPoint = (typeof PERSON_DATA_POINTS)[number];
/** Per person of a cohort: Email 1 + Phone 10; LinkedIn is free. */
export const PERSON_DATA_POINT_PRICES: Record<PersonDataPoint, number> = { Email: 1, Phone: 10, LinkedIn: 0 };

export const COMPANY_DATA_POINTS = ['Industry', 'Employees', 'Revenue', 'Funding', 'TechStack', 'Domain'] as const;
export type CompanyDataPoint = (typeof COMPANY_DATA_POINTS)[number];

/** enrich_company: 1 credit per company, settled inline (404 not_found is refunded). */
export const COMPANY_ENRICHMENT_PRICE = 1;
/** Company cohorts: 1 credit per this many companies, rounded up. */
export const COMPANY_COHORT_BATCH = 10;
export const companyCohortCost = (companies: number): number => Math.ceil(companies / COMPANY_COHORT_BATCH);

export const REFUND_STATUSES = ['pending_review', 'not_applicable'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** Bulk enrichment lead_ids subset. */
export const BULK_ENRICH_LIMITS = { leadIds: { min: 1, max: 500 } } as const;
