import * as z from 'zod/mini';

/**
 * What the published OpenAPI documents say about a schema beyond its type: a description in
 * our words, and JSON Schema keywords for rules the handlers check themselves (their 400s,
 * which a zod check would turn into 422s), defaults the handlers fill in, formats, and
 * one-of rules zod refinements cannot render. None of it changes what a schema accepts.
 */
export interface DocKeywords {
  default?: unknown;
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  minProperties?: number;
  uniqueItems?: boolean;
  enum?: readonly unknown[];
  const?: unknown;
  propertyNames?: Record<string, unknown>;
  contentEncoding?: string;
  contentMediaType?: string;
  examples?: readonly unknown[];
  oneOf?: readonly Record<string, unknown>[];
  anyOf?: readonly Record<string, unknown>[];
  allOf?: readonly Record<string, unknown>[];
  not?: Record<string, unknown>;
}

/** A copy of `schema` that the documents show with `description` (and `keywords`); it validates as `schema` does. */
export function described<T extends z.ZodMiniType>(schema: T, description: string, keywords: DocKeywords = {}): T {
  return schema.check(z.meta({ description, ...keywords }));
}

const shownAs = new WeakMap<object, z.ZodMiniType>();

/**
 * A copy of `schema` that the documents show as the named schema `documented` (with
 * `description`), while requests are still validated by `schema`: for a value the handler
 * checks itself and answers 400 for (the flat search filters), `documented` states its rules.
 */
export function documentedAs<T extends z.ZodMiniType>(schema: T, documented: z.ZodMiniType, description: string): T {
  const copy = described(schema, description);
  shownAs.set(copy, documented);
  return copy;
}

/** The schema `schema` is documented as (documentedAs), if any. */
export function documentedSchemaOf(schema: object): z.ZodMiniType | undefined {
  return shownAs.get(schema);
}

/**
 * One form per name: the form sends that field and none of the others (nor the fields
 * `alsoAbsent` lists for it). As oneOf, exactly one of the names is sent; generated clients
 * type each form with the other fields as never.
 */
export function exactlyOneOf(names: readonly string[], alsoAbsent: Readonly<Record<string, readonly string[]>> = {}): DocKeywords {
  return {
    oneOf: names.map((n) => ({
      required: [n],
      properties: {
        [n]: { description: `This form sends ${n}.` },
        ...Object.fromEntries([...names.filter((o) => o !== n), ...(alsoAbsent[n] ?? [])].map((o) => [o, false])),
      },
    })),
  };
}

/**
 * At least one of `forms`, written allOf: [{anyOf}]: the rule of a bare anyOf, but a generator
 * (openapi-typescript) reads a bare anyOf beside properties as "the object, or one of the
 * forms", whose types would let a body of no form through; inside allOf it narrows the object.
 */
export function anyOfForms(...forms: Record<string, unknown>[]): DocKeywords {
  return { allOf: [{ anyOf: forms }] };
}

/** A form that sends `name` (its keywords add conditions on the value). */
export function sends(name: string, keywords: Record<string, unknown> = {}): Record<string, unknown> {
  return { required: [name], properties: { [name]: { description: `${name} is sent.`, ...keywords } } };
}

/** At least one of the names is sent. */
export function atLeastOneOf(...names: string[]): DocKeywords {
  return anyOfForms(...names.map((n) => sends(n)));
}

/** A JSON Schema branch: these fields sent, as text that is not blank. */
export function nonBlank(...names: string[]): Record<string, unknown> {
  return {
    required: names,
    properties: Object.fromEntries(names.map((n) => [n, { type: 'string', pattern: '\\S', description: `${n}, sent and not blank.` }])),
  };
}
