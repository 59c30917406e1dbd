import type { TraceEvent } from '../api/client.js';
import { printable } from './output/printable.js';
import { HINT_KEYS } from '../api/schemas/values/envelope.js';
import { COMPANY_FILTER_FIELDS, PEOPLE_FILTER_FIELDS } from '../api/schemas/values/search.js';
import { nextCommand, type TargetGlobals as Globals } from './command-line.js';
import { isObject } from '../api/is-object.js';
import { formatCount } from './output/numbers.js';

/**
 * The service's hints (agent_instructions, usage, message) are written for HTTP clients: they
 * name routes and request fields ("look values up with GET /people/find/filters?field=titles").
 * A person reads what such a hint means, in our words and as the prospect command that does
 * it, only where the command does not already say it; every other hint is left out. --debug
 * shows every answer's raw hints (debug.ts).
 */

/** A successful answer, as the client traced it. */
export type Answer = Extract<TraceEvent, { type: 'answer' }>;

/** What a person reads of a hint: a line for ctx.out.info, warn or success. */
export interface HintNote {
  level: 'info' | 'warn' | 'success';
  text: string;
}

type Say = (answer: Answer, data: Record<string, unknown>, globals: Globals) => HintNote[];

/** Whether an answer carries a hint with text. */
const hasHint = (data: unknown): data is Record<string, unknown> =>
  isObject(data) && HINT_KEYS.some((k) => typeof data[k] === 'string' && data[k].trim() !== '');

/** The hint keys of an answer with text, as the service wrote them. */
export function rawHints(data: unknown): Array<[string, string]> {
  if (!isObject(data)) return [];
  return HINT_KEYS.flatMap((k) => {
    const v = data[k];
    return typeof v === 'string' && v.trim() ? [[k, printable(v.trim())] as [string, string]] : [];
  });
}

/** Answers by the object the client returned, so a command printing an answer finds the request it answered. */
export class AnswerBook {
  private readonly answers = new WeakMap<object, Answer>();

  /**
   * A trace listener: remembers the successful answers that carry a hint. Only those: a weak
   * map's keys live until a full collection, and pages without hints (an export's) would pile up.
   */
  readonly listen = (e: TraceEvent): void => {
    if (e.type === 'answer' && hasHint(e.data)) this.answers.set(e.data, e);
  };

  /** What the hints of this answer mean to a person, where the command does not say it. */
  notes(payload: unknown, globals: Globals): HintNote[] {
    if (!hasHint(payload)) return [];
    const answer = this.answers.get(payload);
    if (!answer) return [];
    // By the catalog entry the answer is to: no route table (the whole catalog) on a command's path.
    const say = answer.endpoint === undefined ? undefined : SAY[answer.endpoint];
    return say ? say(answer, payload, globals) : [];
  }
}

/** By catalog entry id. */
const SAY: Readonly<Record<string, Say>> = {
  // "No people matched. To broaden: ... look values up with GET /people/find/filters?field=titles&query=<text> ..."
  'people.search': (a, data, g) => {
    if (!data.usage || data.total !== 0 || !isObject(a.body)) return [];
    if (isObject(a.body.criteria)) {
      const words = ['search', 'people', 'compile', '--criteria', JSON.stringify(a.body.criteria)];
      if (isObject(a.body.company_criteria)) words.push('--company-criteria', JSON.stringify(a.body.company_criteria));
      if (typeof a.body.crm === 'string') words.push('--crm', a.body.crm);
      return [
        info(
          'To broaden the search: "jobTitleMatchType": "contains" matches parts of titles and synonyms; companyDomainsInclude is surer than names. ' +
            `See what the criteria become with:\n  ${nextCommand({ globals: g }, words)}`,
        ),
      ];
    }
    const filters = isObject(a.body.filters) ? a.body.filters : {};
    const tips = ['To broaden the search:'];
    if (filters.company_names !== undefined) tips.push('company names must equal the employer’s name, --company-domain is surer.');
    const lookup = firstLookup(filters, PEOPLE_LOOKUP);
    if (lookup?.field === 'titles')
      tips.push(`titles match exactly and case-sensitively; see the titles people hold with:\n  ${lookupCommand(g, 'people', lookup)}`);
    else if (lookup) tips.push(`see which ${lookup.field} values there are with:\n  ${lookupCommand(g, 'people', lookup)}`);
    return tips.length > 1 ? [info(`${tips[0]} ${tips.slice(1).join('; ')}`)] : [];
  },
  // "No companies matched. To broaden: ... values from GET /search/companies/filters?field=<field>&query=<text> ..."
  'companies.search': (a, data, g) => {
    if (!data.usage || data.total !== 0 || !isObject(a.body) || !isObject(a.body.filters)) return [];
    const lookup = firstLookup(a.body.filters, COMPANY_LOOKUP);
    if (!lookup) return [];
    const stages = a.body.filters.funding_stages !== undefined ? ' funding stages match the stored label exactly ("Series A");' : '';
    return [
      info(`To broaden the search:${stages} see which ${lookup.field} values there are with:\n  ${lookupCommand(g, 'companies', lookup)}`),
    ];
  },
  // "No company is known by domain x. Find the company with POST /search/companies (domains is the reliable key) ..."
  'companies.similar': (a, data, g) => {
    if (!data.usage || data.reference_company !== null || !isObject(a.body)) return [];
    const domain = a.body.company_domain;
    if (typeof domain === 'string')
      return [
        info(
          `Look ${printable(domain)} up among the companies with:\n  ${nextCommand({ globals: g }, ['search', 'companies', '--domain', domain])}`,
        ),
      ];
    return [info('Give the company’s domain instead of its id.')];
  },
  // "2 of the company_ids are not companies of this list and were dropped: cmp_a, cmp_b."
  'lists.findPeople': (a, data) => {
    if (!data.message || !isObject(a.body) || !Array.isArray(a.body.company_ids)) return [];
    const sent = a.body.company_ids.map(String);
    const kept = typeof data.total_companies === 'number' ? data.total_companies : sent.length;
    const named = sent.filter((id) => String(data.message).includes(id));
    const left = Math.max(sent.length - kept, named.length);
    if (left === 0) return [];
    const one = left === 1;
    return [
      warn(
        `${n(left)} of the --company-ids ${one ? 'is not a company' : 'are not companies'} of this list and ${one ? 'was' : 'were'} left out` +
          `${named.length ? `: ${named.map(printable).join(', ')}` : ''}.`,
      ),
    ];
  },
  // "Enrichment of 2 contacts started; 1 duplicate contact was dropped. Poll GET /api/v1/public/enrich/status?workflow_id=..."
  'legacy.bulkEnrich': (_a, data) => {
    const dups = typeof data.skipped_duplicates === 'number' ? data.skipped_duplicates : 0;
    return dups > 0
      ? [info(`${n(dups)} duplicate contact${dups === 1 ? ' was' : 's were'} left out (each contact is enriched once).`)]
      : [];
  },
};

/** The flat keys whose values a filter-values lookup finds, and the field it looks them up in. */
const PEOPLE_LOOKUP: Readonly<Record<string, string>> = {
  ...Object.fromEntries(PEOPLE_FILTER_FIELDS.map((f) => [f, f])),
  location_city: 'locations',
  location_state: 'locations',
  location_country: 'locations',
};
const COMPANY_LOOKUP: Readonly<Record<string, string>> = {
  ...Object.fromEntries(COMPANY_FILTER_FIELDS.map((f) => [f, f])),
  hq_country: 'locations',
};

/** The first filter with a value that a lookup field covers (titles first: the usual miss). */
function firstLookup(
  filters: Record<string, unknown>,
  fields: Readonly<Record<string, string>>,
): { field: string; query: string } | undefined {
  const keys = Object.keys(filters).sort((x, y) => Number(y === 'titles') - Number(x === 'titles'));
  for (const key of keys) {
    const field = fields[key];
    const values = filters[key];
    const first: unknown = Array.isArray(values) ? values.find((v) => typeof v === 'string' && v.trim()) : undefined;
    if (field && typeof first === 'string') return { field, query: first };
  }
  return undefined;
}

function lookupCommand(g: Globals, kind: 'people' | 'companies', l: { field: string; query: string }): string {
  return nextCommand({ globals: g }, ['search', kind, 'filters', l.field, l.query]);
}

/** A count as every count reads (12,345); what the service sent that is not a number, as it came. */
const n = (v: unknown): string => (typeof v === 'number' ? formatCount(v) : printable(String(v)));

const info = (text: string): HintNote => ({ level: 'info', text });
const warn = (text: string): HintNote => ({ level: 'warn', text });
