import { isObject } from './is-object.js';
import {
  COMPANY_CRITERIA_FIELDS,
  COMPANY_FLAT_KEYS,
  COMPANY_KEY_ALIASES,
  COMPANY_KEY_HINTS,
  PEOPLE_FIXED_VALUES,
  PEOPLE_FLAT_KEYS,
  PEOPLE_KEY_HINTS,
  PERSON_CRITERIA_FIELDS,
  PERSON_FILTER_COLUMNS,
  PERSON_FILTER_TYPES,
  GROUP_OPS,
  SORT_DIRECTIONS,
  SORT_FIELDS,
  canonicalCompanyKey,
  normalizeHeadcountBand,
  type CompanyFlatFilters,
  type CompanyFlatKey,
  type CompanyRawFilter,
  type CriteriaFieldSpec,
  type PeopleFlatFilters,
  type PeopleFlatKey,
} from './schemas/values/search.js';
import { closest, didYouMean } from './suggest.js';
import { ownValue } from './schemas/values/own-key.js';

/**
 * Checks of search input shared by the CLI (exit 2 before sending) and the sandbox (the
 * 400 answers), so both name the same bad key or value and suggest the same fix.
 */

/** Why a flat filter object was refused; the fields become the 400's details. */
export interface FilterProblem {
  /** One line naming the bad key or value and the fix. */
  message: string;
  unsupported_keys: string[];
  /** Bad key or value -> the allowed one it most likely means. */
  suggested_replacements: Record<string, string>;
  allowed_keys: string[];
  /** Key -> values outside its fixed list (or of the wrong type). */
  invalid_values: Record<string, unknown[]>;
}

export type Checked<T> = { ok: true; value: T } | { ok: false; problem: FilterProblem };

function problem(p: Partial<FilterProblem> & { message: string; allowed_keys: string[] }): { ok: false; problem: FilterProblem } {
  return {
    ok: false,
    problem: { unsupported_keys: [], suggested_replacements: {}, invalid_values: {}, ...p },
  };
}

function unknownKeys(keys: string[], allowed: readonly string[], hints: Readonly<Record<string, string>>) {
  const suggested: Record<string, string> = {};
  for (const k of keys) {
    const s = closest(k, allowed, hints);
    if (s !== undefined) suggested[k] = s;
  }
  const first = keys[0]!;
  const what = keys.length === 1 ? `unsupported filter key "${first}"` : `unsupported filter keys ${keys.map((k) => `"${k}"`).join(', ')}`;
  const fix = suggested[first] !== undefined ? `use "${suggested[first]}"` : `allowed keys: ${allowed.join(', ')}`;
  return { suggested, message: `${what}: ${fix}` };
}

/** An array of non-empty strings (numbers allowed where `numbers`), or the offending entries. */
function stringList(v: unknown, numbers = false): { ok: true; list: Array<string | number> } | { ok: false; bad: unknown[] } {
  if (!Array.isArray(v)) return { ok: false, bad: [v] };
  const bad = v.filter((x) => !(typeof x === 'string' && x.trim() !== '') && !(numbers && Number.isInteger(x)));
  return bad.length ? { ok: false, bad } : { ok: true, list: v as Array<string | number> };
}

/** Flat people filters: the 17 keys, arrays of strings, fixed lists; headcount written as the service writes it. */
export function checkPeopleFilters(input: unknown): Checked<PeopleFlatFilters> {
  const allowed_keys = [...PEOPLE_FLAT_KEYS];
  if (!isObject(input)) return problem({ message: 'filters must be a JSON object of flat keys', allowed_keys });
  const keys = Object.keys(input);
  const unknown = keys.filter((k) => !(allowed_keys as string[]).includes(k));
  if (unknown.length) {
    const { suggested, message } = unknownKeys(unknown, allowed_keys, PEOPLE_KEY_HINTS);
    return problem({ message, unsupported_keys: unknown, suggested_replacements: suggested, allowed_keys });
  }
  const out: PeopleFlatFilters = {};
  const invalid: Record<string, unknown[]> = {};
  const suggested: Record<string, string> = {};
  let firstMessage: string | undefined;
  for (const key of keys as PeopleFlatKey[]) {
    const list = stringList(input[key]);
    if (!list.ok) {
      invalid[key] = list.bad;
      firstMessage ??= `filter "${key}" must be an array of strings (got ${JSON.stringify(list.bad[0])})`;
      continue;
    }
    const fixed = ownValue(PEOPLE_FIXED_VALUES, key);
    const values: string[] = [];
    for (const raw of list.list as string[]) {
      const v = key === 'company_headcount' ? (normalizeHeadcountBand(raw) ?? raw) : raw;
      if (fixed && !fixed.includes(v)) {
        (invalid[key] ??= []).push(raw);
        const s = closest(raw, fixed);
        if (s !== undefined) suggested[raw] = s;
        firstMessage ??= `unsupported ${key} value "${raw}": ${s !== undefined ? `use "${s}"` : `allowed: ${fixed.join(', ')}`}`;
        continue;
      }
      if (!values.includes(v)) values.push(v);
    }
    if (values.length) out[key] = values;
  }
  if (firstMessage !== undefined)
    return problem({ message: firstMessage, invalid_values: invalid, suggested_replacements: suggested, allowed_keys });
  if (Object.keys(out).length === 0) return problem({ message: 'no filters given: set at least one key with a value', allowed_keys });
  return { ok: true, value: out };
}

/** The advanced raw shape {op, conditions[]}, which passes without key checks. */
export function isCompanyRawFilter(v: unknown): v is CompanyRawFilter {
  return isObject(v) && 'conditions' in v && Array.isArray(v.conditions);
}

/** Flat company filters: keys or their aliases (merged onto the key), arrays; year_founded integers. */
export function checkCompanyFilters(input: unknown): Checked<CompanyFlatFilters> {
  const allowed_keys = [...COMPANY_FLAT_KEYS, ...Object.keys(COMPANY_KEY_ALIASES)];
  if (!isObject(input)) return problem({ message: 'filters must be a JSON object of flat keys', allowed_keys });
  const keys = Object.keys(input);
  const unknown = keys.filter((k) => canonicalCompanyKey(k) === undefined);
  if (unknown.length) {
    const { suggested, message } = unknownKeys(unknown, allowed_keys, COMPANY_KEY_HINTS);
    return problem({ message, unsupported_keys: unknown, suggested_replacements: suggested, allowed_keys });
  }
  const out: CompanyFlatFilters = {};
  for (const k of keys) {
    const key = canonicalCompanyKey(k) as CompanyFlatKey;
    const numeric = key === 'year_founded';
    const list = stringList(input[k], numeric);
    const bad = list.ok ? (numeric ? list.list.filter((x) => !Number.isInteger(Number(x)) || String(x).trim() === '') : []) : list.bad;
    if (bad.length)
      return problem({
        message: numeric
          ? `filter "${k}" must be an array of years (got ${JSON.stringify(bad[0])})`
          : `filter "${k}" must be an array of strings (got ${JSON.stringify(bad[0])})`,
        invalid_values: { [k]: bad },
        allowed_keys,
      });
    const values = (list as { list: Array<string | number> }).list.map((x) => (numeric ? Number(x) : x));
    const merged = (out[key] ??= []);
    for (const v of values) if (!merged.includes(v)) merged.push(v);
    if (merged.length === 0) delete out[key];
  }
  if (Object.keys(out).length === 0) return problem({ message: 'no filters given: an empty filter set is refused', allowed_keys });
  return { ok: true, value: out };
}

/** A criteria value the service would refuse with invalid_criteria: the field's path and why. */
export interface CriteriaProblem {
  field: string;
  message: string;
}

/** Checks a criteria object against a field table; nested objects by their own tables. */
export function checkCriteriaFields(
  input: unknown,
  table: Readonly<Record<string, CriteriaFieldSpec>>,
  path: string,
  nested: Readonly<Record<string, (v: unknown, path: string) => CriteriaProblem | undefined>> = {},
): CriteriaProblem | undefined {
  if (!isObject(input)) return { field: path || 'criteria', message: `${path || 'criteria'} must be a JSON object` };
  for (const [key, value] of Object.entries(input)) {
    const field = path ? `${path}.${key}` : key;
    const spec = table[key];
    if (!spec) return { field, message: `unsupported criteria field "${field}"${didYouMean(closest(key, Object.keys(table)))}` };
    if (value === null || value === undefined) continue;
    const bad = checkValue(value, spec);
    if (bad) return { field, message: `criteria field "${field}" ${bad}` };
    if (spec.kind === 'object') {
      const check = nested[key];
      const p = check?.(value, field);
      if (p) return p;
    }
  }
  return undefined;
}

function checkValue(value: unknown, spec: CriteriaFieldSpec): string | undefined {
  switch (spec.kind) {
    case 'strings':
      return Array.isArray(value) && value.every((x) => typeof x === 'string') ? undefined : 'must be an array of strings';
    case 'text':
      return typeof value === 'string' ? undefined : 'must be a string';
    case 'fixed': {
      if (!Array.isArray(value)) return 'must be an array';
      const bad: unknown = value.find((x) => typeof x !== 'string' || !spec.values.includes(x));
      return bad === undefined
        ? undefined
        : `has unsupported value ${JSON.stringify(bad)}${didYouMean(typeof bad === 'string' ? closest(bad, spec.values) : undefined)}`;
    }
    case 'int':
    case 'number': {
      const ok = typeof value === 'number' && Number.isFinite(value) && (spec.kind === 'number' || Number.isInteger(value));
      if (!ok || value < spec.min || value > spec.max)
        return `must be ${spec.kind === 'int' ? 'an integer' : 'a number'} from ${spec.min} to ${spec.max}`;
      return undefined;
    }
    case 'enum':
      return typeof value === 'string' && spec.values.includes(value)
        ? undefined
        : `must be one of ${spec.values.join(', ')}${didYouMean(closest(String(value), spec.values))}`;
    case 'bool':
      return typeof value === 'boolean' ? undefined : 'must be true or false';
    case 'object':
      return isObject(value) ? undefined : 'must be a JSON object';
  }
}

const SORT_TABLE: Readonly<Record<string, CriteriaFieldSpec>> = {
  field: { kind: 'enum', values: SORT_FIELDS },
  direction: { kind: 'enum', values: SORT_DIRECTIONS },
};

/** Company criteria (company search's criteria, people criteria's company_criteria). */
export function checkCompanyCriteria(input: unknown, path = ''): CriteriaProblem | undefined {
  return checkCriteriaFields(input, COMPANY_CRITERIA_FIELDS, path);
}

/** People criteria, with company_criteria and sort checked by their own tables; exclusions are the service's to judge. */
export function checkPersonCriteria(input: unknown, path = ''): CriteriaProblem | undefined {
  return checkCriteriaFields(input, PERSON_CRITERIA_FIELDS, path, {
    company_criteria: (v, p) => checkCompanyCriteria(v, p),
    sort: (v, p) => checkCriteriaFields(v, SORT_TABLE, p),
  });
}

/** The raw person group filter: shape, ops, columns and filter types (find-at-companies' person_filter). */
export function checkPersonFilter(input: unknown, path = 'person_filter'): CriteriaProblem | undefined {
  if (!isObject(input) || input.type !== 'group_filter' || !Array.isArray(input.filters))
    return { field: path, message: `${path} must be {"type":"group_filter","op":"and","filters":[...]}` };
  if (!(GROUP_OPS as readonly unknown[]).includes(input.op))
    return { field: `${path}.op`, message: `${path}.op must be one of ${GROUP_OPS.join(', ')}` };
  for (const [i, f] of (input.filters as unknown[]).entries()) {
    const at = `${path}.filters[${i}]`;
    if (isObject(f) && f.type === 'group_filter') {
      const p = checkPersonFilter(f, at);
      if (p) return p;
      continue;
    }
    if (!isObject(f) || typeof f.column !== 'string' || typeof f.filter_type !== 'string' || !('value' in f))
      return { field: at, message: `${at} must be {"column":...,"filter_type":...,"value":...} or a nested group` };
    if (!(PERSON_FILTER_COLUMNS as readonly string[]).includes(f.column))
      return {
        field: `${at}.column`,
        message: `unknown person filter column "${f.column}"${didYouMean(closest(f.column, PERSON_FILTER_COLUMNS))}`,
      };
    if (!(PERSON_FILTER_TYPES as readonly string[]).includes(f.filter_type))
      return {
        field: `${at}.filter_type`,
        message: `unknown filter_type "${f.filter_type}"${didYouMean(closest(f.filter_type, PERSON_FILTER_TYPES))}; use one of ${PERSON_FILTER_TYPES.join(', ')}`,
      };
  }
  return undefined;
}
