import {
  PERSON_FILTER_COLUMNS,
  PERSON_FILTER_TYPES,
  PERSON_NUMERIC_COLUMNS,
  normalizeHeadcountBand,
  type PersonGroupFilter,
} from '../../api/schemas/values/search.js';
import { DatasetFilterError } from './dataset.js';
import { LANGUAGE_SLOTS, NONE16, NONE8, PAST_SLOTS, SCHOOL_SLOTS, SKILL_SLOTS } from './people.js';
import { asNumber, combine, isObject, textTest, valueStrings, type Predicate } from './raw-filter.js';
import type { Tables } from './tables.js';
import { domainKey } from './text.js';
import { expandTitles } from './titles.js';

/**
 * The raw person filter (group shape) compiled to a predicate over person indexes. Text columns
 * are dictionary-coded, so a condition is decided once per distinct value (a mark) and each
 * person costs one look-up per slot.
 */

type Kind = 'in' | 'contains';

type Column =
  | { kind: 'dict'; rows: ArrayLike<number>; slots: number; none: number; marks: (kind: Kind, values: string[]) => Uint8Array }
  | { kind: 'text'; get: (i: number) => string }
  | { kind: 'number'; get: (i: number) => number };

function dictMarks(dict: ReadonlyArray<string | null>, test: (text: string) => boolean): Uint8Array {
  const mark = new Uint8Array(dict.length);
  for (let v = 0; v < dict.length; v++) {
    const text = dict[v];
    if (text !== null && text !== undefined && test(text)) mark[v] = 1;
  }
  return mark;
}

function columns(t: Tables): Record<string, Column> {
  return t.once('personColumns', () => {
    const p = t.people;
    const c = t.companies;
    const roles = t.roles.roles;
    const titles = roles.map((r) => r.title);
    const cities = t.geo.cities;
    const plain = (dict: () => ReadonlyArray<string | null>, normalize?: (s: string) => string) => (kind: Kind, values: string[]) =>
      dictMarks(dict(), textTest(kind, values, normalize));
    const titleMarks = (kind: Kind, values: string[]) => {
      if (kind === 'in') return dictMarks(titles, textTest('in', values));
      const expanded = new Set(values.flatMap((v) => expandTitles(v, titles)));
      return dictMarks(titles, (title) => expanded.has(title));
    };
    const single = (rows: ArrayLike<number>, marks: (kind: Kind, values: string[]) => Uint8Array): Column => ({
      kind: 'dict',
      rows,
      slots: 1,
      none: -1,
      marks,
    });
    const companyText = (key: string, of: (c: number) => string) => () =>
      t.once(`companyText:${key}`, () => Array.from({ length: c.count }, (_, i) => of(i)));
    const companyNames = () => c.name;
    const band = (s: string) => normalizeHeadcountBand(s) ?? s.toLowerCase();
    return {
      first_name: single(
        p.first,
        plain(() => t.names.first),
      ),
      last_name: single(
        p.last,
        plain(() => t.names.last),
      ),
      full_name: { kind: 'text', get: (i) => `${t.names.first[p.first[i]!]} ${t.names.last[p.last[i]!]}` },
      title: single(p.role, titleMarks),
      seniority: single(
        p.role,
        plain(() => roles.map((r) => r.seniority)),
      ),
      management_level: single(
        p.role,
        plain(() => roles.map((r) => r.management_level)),
      ),
      department: single(
        p.role,
        plain(() => roles.map((r) => r.department)),
      ),
      job_function: single(
        p.role,
        plain(() => roles.map((r) => r.job_function)),
      ),
      location: single(
        p.city,
        plain(() => cities.map((x) => x.label)),
      ),
      location_city: single(
        p.city,
        plain(() => cities.map((x) => x.name)),
      ),
      location_state: single(
        p.city,
        plain(() => cities.map((x) => t.geo.states[x.state]!.name)),
      ),
      location_country: single(
        p.city,
        plain(() => cities.map((x) => t.geo.countries[x.country]!.name)),
      ),
      school: { kind: 'dict', rows: p.schools, slots: SCHOOL_SLOTS, none: NONE16, marks: plain(() => t.geo.schools) },
      skill: { kind: 'dict', rows: p.skills, slots: SKILL_SLOTS, none: NONE16, marks: plain(() => p.skillNames) },
      language: { kind: 'dict', rows: p.languages, slots: LANGUAGE_SLOTS, none: NONE8, marks: plain(() => p.languageNames) },
      past_title: { kind: 'dict', rows: p.pastRole, slots: PAST_SLOTS, none: NONE16, marks: titleMarks },
      // An earlier employer is named by its name or its domain.
      past_company: {
        kind: 'dict',
        rows: p.pastCompany,
        slots: PAST_SLOTS,
        none: -1,
        marks: (kind, values) => {
          const byName = plain(companyNames)(kind, values);
          if (kind === 'contains') return byName;
          const byDomain = plain(() => c.domain, domainKey)(kind, values);
          return byName.map((m, i) => m | byDomain[i]!);
        },
      },
      years_in_role: { kind: 'number', get: (i) => p.years[i]! },
      company_id: single(p.company, plain(companyText('id', (i) => t.companyId(i)))),
      company_name: single(p.company, plain(companyNames)),
      company_domain: single(
        p.company,
        plain(() => c.domain, domainKey),
      ),
      company_industry: single(p.company, plain(companyText('industry', t.industryOf))),
      company_headcount: single(p.company, plain(companyText('band', t.bandOf), band)),
      company_employee_count: { kind: 'number', get: (i) => c.employees[p.company[i]!]! },
      company_location: single(p.company, plain(companyText('hq', t.hqOf))),
    } satisfies Record<(typeof PERSON_FILTER_COLUMNS)[number], Column>;
  });
}

function condition(t: Tables, column: string, type: string, value: unknown): Predicate {
  const all = columns(t);
  const col = Object.hasOwn(all, column) ? all[column] : undefined;
  if (!col) throw new DatasetFilterError(column, `unknown person filter column "${column}"; columns: ${PERSON_FILTER_COLUMNS.join(', ')}`);
  if (!(PERSON_FILTER_TYPES as readonly string[]).includes(type))
    throw new DatasetFilterError(column, `unknown filter_type "${type}" on "${column}"; filter types: ${PERSON_FILTER_TYPES.join(', ')}`);
  const negate = type === 'not_in' || type === 'not_contains';

  if (col.kind === 'number') {
    if (type === 'gte' || type === 'lte') {
      const n = asNumber(value);
      if (n === undefined) throw new DatasetFilterError(column, `${type} on "${column}" needs a number`);
      return type === 'gte' ? (i) => col.get(i) >= n : (i) => col.get(i) <= n;
    }
    if (type === 'contains' || type === 'not_contains')
      throw new DatasetFilterError(column, `"${column}" is numeric: use in, not_in, gte or lte`);
    const set = new Set(valueStrings(value).map(asNumber));
    return (i) => set.has(col.get(i)) !== negate;
  }
  if (type === 'gte' || type === 'lte')
    throw new DatasetFilterError(column, `${type} needs a numeric column (${PERSON_NUMERIC_COLUMNS.join(', ')}), not "${column}"`);

  const kind: Kind = type === 'in' || type === 'not_in' ? 'in' : 'contains';
  const values = valueStrings(value);
  if (col.kind === 'text') {
    const test = textTest(kind, values);
    return (i) => test(col.get(i)) !== negate;
  }
  const mark = col.marks(kind, values);
  const { rows, slots, none } = col;
  if (slots === 1) return (i) => (mark[rows[i]!] === 1) !== negate;
  return (i) => {
    for (let k = i * slots; k < i * slots + slots; k++) {
      const v = rows[k]!;
      if (v !== none && mark[v] === 1) return !negate;
    }
    return negate;
  };
}

export function compilePersonFilter(t: Tables, filter: PersonGroupFilter): Predicate {
  const node = (n: unknown): Predicate => {
    if (isObject(n) && Array.isArray(n.filters)) {
      if (n.op !== 'and' && n.op !== 'or') throw new DatasetFilterError('', `a group's op is "and" or "or", not ${JSON.stringify(n.op)}`);
      return combine(n.op, n.filters.map(node));
    }
    if (!isObject(n) || typeof n.column !== 'string' || typeof n.filter_type !== 'string')
      throw new DatasetFilterError(
        isObject(n) && typeof n.column === 'string' ? n.column : '',
        'each filter needs a column, a filter_type and a value (or is a group with filters)',
      );
    return condition(t, n.column, n.filter_type, n.value);
  };
  return node(filter);
}
