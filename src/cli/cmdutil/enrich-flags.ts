import type { FlagSpec } from '../command.js';
import { oneOf } from '../parse.js';
import {
  COMPANY_DATA_POINTS,
  ENRICHMENT_TYPES,
  ENRICHMENT_TYPE_PRICES,
  LIST_SCOPES,
  LIST_SCOPE_TYPES,
  PERSON_DATA_POINTS,
  type EnrichmentType,
} from '../../api/schemas/values/credits.js';
import { gather } from './split-values.js';

/** Flags every paid enrich command shares. */

export const DRY_RUN_FLAG = {
  flags: '--dry-run',
  description: 'estimate only: print the quote (cost, rows, balance) and spend nothing',
} as const satisfies FlagSpec;

/** "partial 1, phone_only 10, full 11": what each value costs, for flag descriptions. */
const pricesOf = <T extends string>(values: readonly T[], type: (v: T) => EnrichmentType) =>
  values.map((v) => `${v} ${ENRICHMENT_TYPE_PRICES[type(v)]}`).join(', ');

export const TYPE_PRICES = `credits per person found: ${pricesOf(ENRICHMENT_TYPES, (t) => t)}`;

export const TYPE_FLAG = {
  flags: '--type <type>',
  description: `what to find: partial is email and profile, phone_only the phone, full both; ${TYPE_PRICES}`,
  choices: ENRICHMENT_TYPES,
  parse: oneOf('--type', ENRICHMENT_TYPES),
  default: 'partial',
} as const satisfies FlagSpec;

export const SCOPE_FLAG = {
  flags: '--scope <scope>',
  description: `what to find: partial is email and profile, full adds the phone, phone-only the phone alone; credits per lead found: ${pricesOf(LIST_SCOPES, (s) => LIST_SCOPE_TYPES[s])}`,
  choices: LIST_SCOPES,
  parse: oneOf('--scope', LIST_SCOPES),
  default: 'partial',
} as const satisfies FlagSpec;

/** Data points of a cohort: a person cohort's, then a company cohort's. */
export const DATA_POINTS = [...PERSON_DATA_POINTS, ...COMPANY_DATA_POINTS] as const;

export const DATA_POINTS_FLAG = {
  flags: '--data-points <points>',
  description: `what to find: the first ${PERSON_DATA_POINTS.length} for people, the other ${COMPANY_DATA_POINTS.length} for companies, one kind at a time; repeatable or comma-separated`,
  values: DATA_POINTS,
  parse: gather('comma'),
} as const satisfies FlagSpec;
