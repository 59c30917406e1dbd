import type { FlagSpec } from '../../../cli/command.js';
import { gather, type SplitMode } from '../../../cli/cmdutil/split-values.js';

/** One command-line flag per flat filter key, its values split by its mode (cli/cmdutil/split-values.ts). */
export interface FilterFlag<K extends string> {
  key: K;
  /** Long flag name without dashes (defaults to the key with hyphens). */
  name?: string;
  aliases?: readonly string[];
  split: SplitMode;
  help: string;
  /** Fixed values: a case-insensitive match is written as the service spells it. */
  values?: readonly string[];
}

const flagName = (f: FilterFlag<string>) => f.name ?? f.key.replace(/_/g, '-');

export function filterFlagSpecs(flags: readonly FilterFlag<string>[]): FlagSpec[] {
  return flags.map((f) => {
    const also = f.aliases?.length ? ` (also ${f.aliases.map((a) => `--${a}`).join(', ')})` : '';
    const repeat = f.split === 'literal' ? 'repeatable' : 'repeatable or comma-separated';
    return {
      flags: `--${flagName(f)} <value>`,
      description: `${f.help}; ${repeat}${also}`,
      parse: gather(f.split),
      ...(f.values ? { values: f.values } : {}),
      aliases: (f.aliases ?? []).map((a) => `--${a}`),
    };
  });
}

/** The attribute commander stores a flag under (--company-domains -> companyDomains). */
const attributeOf = (f: FilterFlag<string>) => flagName(f).replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

/**
 * The filters the flags give, keyed by filter key. Fixed values written in another case
 * are spelled the service's way; anything else is left for the shared check to judge.
 */
export function filtersFromFlags<K extends string>(
  flags: readonly FilterFlag<K>[],
  opts: Record<string, unknown>,
): Partial<Record<K, string[]>> {
  const out: Partial<Record<K, string[]>> = {};
  for (const f of flags) {
    const given = opts[attributeOf(f)];
    if (!Array.isArray(given) || given.length === 0) continue;
    out[f.key] = (given as string[]).map((v) => {
      if (!f.values) return v;
      const same = f.values.filter((x) => x.toLowerCase() === v.toLowerCase());
      return same.length === 1 ? same[0]! : v;
    });
  }
  return out;
}

/** Flags merged over a --filters object: values of the same key are added, not replaced. */
export function mergeFilters(base: Record<string, unknown>, extra: Record<string, unknown[]>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...base };
  for (const [k, v] of Object.entries(extra)) {
    const prev = out[k];
    out[k] = Array.isArray(prev) ? [...(prev as unknown[]), ...v.filter((x) => !prev.includes(x))] : v;
  }
  return out;
}
