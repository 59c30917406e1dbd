import type { FlagSpec } from '../../cli/command.js';
import { oneOf } from '../../cli/parse.js';
import { ENRICHMENT_TYPES, ENRICHMENT_TYPE_PRICES, LIST_SCOPES } from '../../api/schemas/values/credits.js';

/** Flags every paid enrich command shares. */

export const DRY_RUN_FLAG: FlagSpec = { flags: '--dry-run', description: 'estimate only: print the quote (cost, rows, balance) and spend nothing' };

const prices = (values: readonly string[], price: (v: string) => number) => values.map((v) => `${v} ${price(v)}`).join(', ');

export const TYPE_FLAG: FlagSpec = {
  flags: '--type <type>',
  description: `what to find: partial (email and profile), phone_only, full; credits per person found: ${prices(ENRICHMENT_TYPES, (t) => ENRICHMENT_TYPE_PRICES[t as 'partial'])}`,
  choices: ENRICHMENT_TYPES,
  parse: oneOf('--type', ENRICHMENT_TYPES),
  default: 'partial',
};

export const SCOPE_FLAG: FlagSpec = {
  flags: '--scope <scope>',
  description: 'what to find: partial (email and profile, 1 credit per lead found), full (11), phone-only (10)',
  choices: LIST_SCOPES,
  parse: oneOf('--scope', LIST_SCOPES),
  default: 'partial',
};
