import { REF_PREFIX, type JsonSchema } from '../../api/endpoints/json-schema.js';

/** A JSON Schema as nested HTML: types, constraints and properties; $refs link to components or expand in place. */

export function esc(text: unknown): string {
  return String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export const schemaAnchor = (name: string) => `schema-${name}`;

export interface SchemaView {
  components: Record<string, JsonSchema>;
  /** How many $refs deep a branch expands in place (a schema at most once per branch, so recursive ones end); deeper ones are links. */
  depth: number;
}

const CONSTRAINTS: [string, string][] = [
  ['minimum', '≥'],
  ['maximum', '≤'],
  ['minLength', 'min length'],
  ['maxLength', 'max length'],
  ['minItems', 'min items'],
  ['maxItems', 'max items'],
  ['format', 'format'],
  ['pattern', 'pattern'],
  ['default', 'default'],
];

export function schemaHtml(schema: JsonSchema | boolean, view: SchemaView, seen: ReadonlySet<string> = new Set()): string {
  // A false property in a one-of form: that form does not send it.
  if (typeof schema === 'boolean') return `<span class="type">${schema ? 'any' : 'not sent'}</span>`;
  const ref = schema.$ref;
  if (typeof ref === 'string' && ref.startsWith(REF_PREFIX)) {
    const name = ref.slice(REF_PREFIX.length);
    const link = `<a class="ref" href="#${esc(schemaAnchor(name))}">${esc(name)}</a>`;
    const target = view.components[name];
    if (seen.size >= view.depth || seen.has(name) || !target) return link;
    return `${link} ${schemaHtml(target, view, new Set([...seen, name]))}`;
  }
  const parts = [`<span class="type">${esc(typeText(schema))}</span>`];
  for (const [key, label] of CONSTRAINTS) {
    if (schema[key] !== undefined) parts.push(`<span class="constraint">${esc(label)} ${esc(JSON.stringify(schema[key]))}</span>`);
  }
  if (Array.isArray(schema.enum))
    parts.push(`<span class="enum">one of ${schema.enum.map((v) => `<code>${esc(JSON.stringify(v))}</code>`).join(', ')}</span>`);
  if (schema.const !== undefined) parts.push(`<code>${esc(JSON.stringify(schema.const))}</code>`);
  if (typeof schema.description === 'string') parts.push(`<span class="desc">${esc(schema.description)}</span>`);
  return parts.join(' ') + nested(schema, view, seen);
}

const COMBINATORS: [string, string][] = [
  ['oneOf', 'exactly one of'],
  ['anyOf', 'any of'],
  ['allOf', 'all of'],
];

function typeText(s: JsonSchema): string {
  const t = s.type;
  if (Array.isArray(t)) return t.join(' | ');
  if (typeof t === 'string') return t;
  if (s.anyOf || s.oneOf || s.allOf) return 'combined';
  return 'any';
}

function nested(s: JsonSchema, view: SchemaView, seen: ReadonlySet<string>): string {
  const out: string[] = [];
  const props = s.properties as Record<string, JsonSchema> | undefined;
  if (props) {
    const required = new Set((s.required as string[] | undefined) ?? []);
    const rows = Object.entries(props).map(
      ([name, p]) =>
        `<li><code class="prop">${esc(name)}</code>${required.has(name) ? ' <span class="req">required</span>' : ''} ${schemaHtml(p, view, seen)}</li>`,
    );
    out.push(`<ul class="props">${rows.join('')}</ul>`);
  }
  const items = s.items as JsonSchema | undefined;
  if (items && typeof items === 'object') out.push(`<div class="items">items: ${schemaHtml(items, view, seen)}</div>`);
  const extra = s.additionalProperties;
  if (extra && typeof extra === 'object' && Object.keys(extra).length)
    out.push(`<div class="items">values: ${schemaHtml(extra as JsonSchema, view, seen)}</div>`);
  for (const [key, label] of COMBINATORS) {
    const alternatives = s[key] as JsonSchema[] | undefined;
    if (alternatives)
      out.push(
        `<div class="items">${label}:</div><ul class="alts">${alternatives.map((a) => `<li>${schemaHtml(a, view, seen)}</li>`).join('')}</ul>`,
      );
  }
  return out.join('');
}
