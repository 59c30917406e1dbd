import type { FlagSpec } from '../../cli/command.js';
import { oneOf } from '../../cli/parse.js';
import {
  COMPANY_DATA_POINTS,
  ENRICHMENT_TYPES,
  ENRICHMENT_TYPE_PRICES,
  LIST_SCOPES,
  PERSON_DATA_POINTS,
} from '../../api/schemas/values/credits.js';
import { gather } from '../search/filter-flags.js';

/** Flags every paid enrich command shares. */

export const DRY_RUN_FLAG: FlagSpec = { flags: '--dry-run', description: 'estimate only: print the quote (cost, rows, balance) and spend nothing' };

const prices = (values: readonly string[], price: (v: string) => number) => values.map((v) => `${v} ${price(v)}`).join(', ');

export const TYPE_FLAG: FlagSpec = {
  flags: '--type <type>',
  description: `what to find: partial is email and profile, phone_only the phone, full both; credits per person found: ${prices(ENRICHMENT_TYPES, (t) => ENRICHMENT_TYPE_PRICES[t as 'partial'])}`,
  choices: ENRICHMENT_TYPES,
  parse: oneOf('--type', ENRICHMENT_TYPES),
  default: 'partial',
};

export const SCOPE_FLAG: FlagSpec = {
  flags: '--scope <scope>',
  description: 'what to find: partial is email and profile (1 credit per lead found), full adds the phone (11), phone-only the phone alone (10)',
  choices: LIST_SCOPES,
  parse: oneOf('--scope', LIST_SCOPES),
  default: 'partial',
};

/** Data points of a cohort: a person cohort's, then a company cohort's. */
export const DATA_POINTS = [...PERSON_DATA_POINTS, ...COMPANY_DATA_POINTS] as const;

export const DATA_POINTS_FLAG: FlagSpec = {
  flags: '--data-points <points>',
  description: `what to find: the first ${PERSON_DATA_POINTS.length} for people, the other ${COMPANY_DATA_POINTS.length} for companies, one kind at a time; repeatable or comma-separated`,
  values: DATA_POINTS,
  parse: gather('comma'),
};
