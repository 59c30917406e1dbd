import { GENERIC_CODES, PUBLIC_CODES } from '../../api/schemas/errors.js';
import type { JsonSchema } from '../../api/endpoints/json-schema.js';
import { DOCUMENT_PATHS, type DocumentName, type OpenApiDocument } from './document.js';
import { esc, schemaAnchor, schemaHtml, type SchemaView } from './schema-html.js';

/**
 * /docs and /redoc, rendered on the server from a document: self-contained HTML (no script,
 * no network). /docs lists operations by tag, each expandable; /redoc is a reference with a
 * navigation sidebar and every schema expanded.
 */

interface Operation {
  method: string;
  path: string;
  op: JsonSchema;
}

const STYLE = `
body{font:14px/1.45 system-ui,sans-serif;margin:0;color:#1d2330}
main{padding:1rem 2rem;max-width:72rem}
h1{font-size:1.5rem}h2{border-bottom:1px solid #ccd;padding-bottom:.2rem;margin-top:2rem}
code{font:13px ui-monospace,monospace;background:#f3f4f8;padding:0 .2rem}
details{border:1px solid #dde;border-radius:4px;margin:.4rem 0;padding:.3rem .6rem}
summary{cursor:pointer}
.method{display:inline-block;min-width:4.2rem;font-weight:700;font-family:ui-monospace,monospace}
.m-get{color:#1769aa}.m-post{color:#2e7d32}.m-patch{color:#a86400}.m-delete{color:#b3261e}
.props,.alts{margin:.2rem 0 .2rem 1rem;padding-left:.8rem;border-left:2px solid #e4e6ef;list-style:none}
.req{color:#b3261e;font-size:12px}.type{color:#5a4fcf}.constraint,.enum,.desc{color:#555;font-size:12px}
table{border-collapse:collapse}td,th{border:1px solid #dde;padding:.2rem .5rem;text-align:left;vertical-align:top}
.layout{display:flex}.layout nav{position:sticky;top:0;height:100vh;overflow:auto;width:18rem;flex:none;background:#f6f7fb;padding:1rem;box-sizing:border-box}
.layout nav ul{list-style:none;padding-left:.6rem}.layout nav a{text-decoration:none}
section.op{border-top:1px solid #dde;padding-top:.5rem}
`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(title)}</title><style>${STYLE}</style></head><body>${body}</body></html>`;
}

function operationsOf(doc: OpenApiDocument): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ method, path, op })));
}

/** The heading of the webhooks section: not "Webhooks", a tag of the v1 document (the delivery log). */
const WEBHOOK_EVENTS_HEADING = 'Webhook events (sent by the service)';

/** The sections of a page: the operations by tag, then the webhooks the service sends. */
function sectionsOf(doc: OpenApiDocument): [string, Operation[]][] {
  const tags = (doc.tags as { name: string }[]).map((t) => t.name);
  const ops = operationsOf(doc);
  const groups: [string, Operation[]][] = tags.map((tag) => [tag, ops.filter((o) => (o.op.tags as string[]).includes(tag))]);
  const hooks = webhookOps(doc);
  return hooks.length ? [...groups, [WEBHOOK_EVENTS_HEADING, hooks]] : groups;
}

const opId = (o: Operation) => `op-${String(o.op.operationId)}`;
const methodHtml = (m: string) => `<span class="method m-${esc(m)}">${esc(m.toUpperCase())}</span>`;
const opTitle = (o: Operation) =>
  `${methodHtml(o.method)} <code>${esc(o.path)}</code> ${esc(o.op.summary)} <small>(${esc(o.op.operationId)})</small>`;

function header(doc: OpenApiDocument, name: DocumentName, here: '/docs' | '/redoc'): string {
  const info = doc.info as { title: string; description: string };
  const server = (doc.servers as { url: string }[])[0]?.url ?? '';
  const other = here === '/docs' ? '/redoc' : '/docs';
  const switchTo = (n: DocumentName, label: string) =>
    n === name ? `<strong>${label}</strong>` : `<a href="${here}${n === 'v1' ? '?spec=v1' : ''}">${label}</a>`;
  return (
    `<h1>${esc(info.title)}</h1><p>${esc(info.description)}</p>` +
    `<p>Document: ${switchTo('v2', 'v2')} | ${switchTo('v1', 'v1 (legacy)')} · Server <code>${esc(server)}</code> · ` +
    `<a href="${DOCUMENT_PATHS[name]}">${DOCUMENT_PATHS[name]}</a> · <a href="${other}${name === 'v1' ? '?spec=v1' : ''}">${other}</a></p>`
  );
}

function operationBody(o: Operation, view: SchemaView): string {
  const op = o.op;
  const out: string[] = [`<p>${esc(op.description ?? '')}</p>`];
  const params = (op.parameters as JsonSchema[] | undefined) ?? [];
  if (params.length) {
    const rows = params.map(
      (p) =>
        `<tr><td><code>${esc(p.name)}</code>${p.required ? ' <span class="req">required</span>' : ''}</td><td>${esc(p.in)}</td>` +
        `<td>${schemaHtml(p.schema as JsonSchema, view)}</td><td>${esc(p.description ?? '')}</td></tr>`,
    );
    out.push(`<h4>Parameters</h4><table><tr><th>Name</th><th>In</th><th>Schema</th><th>Description</th></tr>${rows.join('')}</table>`);
  }
  const body = op.requestBody as { content: Record<string, { schema: JsonSchema }> } | undefined;
  if (body) out.push(`<h4>Request body</h4>${contentHtml(body.content, view)}`);
  // Error bodies share one schema: linked, never expanded per operation.
  const responses = Object.entries(op.responses as Record<string, JsonSchema>).map(([status, r]) => {
    const shown = status.startsWith('2') ? view : { ...view, depth: 0 };
    return `<li><strong>${esc(status)}</strong> ${esc(r.description)}${r.content ? ` ${contentHtml(r.content as Record<string, { schema: JsonSchema }>, shown)}` : ''}</li>`;
  });
  out.push(`<h4>Responses</h4><ul>${responses.join('')}</ul>`);
  return out.join('');
}

function contentHtml(content: Record<string, { schema: JsonSchema }>, view: SchemaView): string {
  return Object.entries(content)
    .map(([type, c]) => `<div><code>${esc(type)}</code> ${schemaHtml(c.schema, view)}</div>`)
    .join('');
}

/** The operations of a document's webhooks section, shown like paths. */
function webhookOps(doc: OpenApiDocument): Operation[] {
  const hooks = (doc.webhooks ?? {}) as Record<string, Record<string, JsonSchema>>;
  return Object.entries(hooks).flatMap(([name, item]) =>
    Object.entries(item).map(([method, op]) => ({ method, path: `webhook ${name}`, op: { operationId: `webhook-${name}`, ...op } })),
  );
}

function componentsHtml(view: SchemaView, heading: string): string {
  const items = Object.entries(view.components).map(
    ([name, s]) => `<div id="${esc(schemaAnchor(name))}"><h3>${esc(name)}</h3>${schemaHtml(s, { ...view, depth: 0 })}</div>`,
  );
  return `<h2 id="schemas">${heading}</h2>${items.join('')}`;
}

/** Anchors for every error code: error docs_url fields point at /docs#error-<code>. */
function errorsHtml(): string {
  const pub = PUBLIC_CODES.map((c) => `<li id="error-${esc(c)}"><code>${esc(c)}</code></li>`);
  const gen = Object.entries(GENERIC_CODES).map(([c, status]) => `<li id="error-${esc(c)}"><code>${esc(c)}</code> HTTP ${status}</li>`);
  return (
    `<h2 id="errors">Errors</h2><p>Every error body is <code>{"error": {...}}</code> in one of three shapes: the public envelope ` +
    `(lowercase code), the same with details.errors[] for validation, or the generic shape (uppercase code).</p>` +
    `<h3>Public codes</h3><ul>${pub.join('')}</ul><h3>Generic codes</h3><ul>${gen.join('')}</ul>`
  );
}

export function docsPage(doc: OpenApiDocument, name: DocumentName): string {
  const view: SchemaView = { components: doc.components.schemas, depth: 1 };
  const groups = sectionsOf(doc);
  const sections = groups.map(
    ([tag, ops]) =>
      `<h2>${esc(tag)}</h2>${ops.map((o) => `<details id="${esc(opId(o))}"><summary>${opTitle(o)}</summary>${operationBody(o, view)}</details>`).join('')}`,
  );
  return page(
    `${String((doc.info as { title: string }).title)}: docs`,
    `<main>${header(doc, name, '/docs')}${sections.join('')}${componentsHtml(view, 'Schemas')}${errorsHtml()}</main>`,
  );
}

export function redocPage(doc: OpenApiDocument, name: DocumentName): string {
  const view: SchemaView = { components: doc.components.schemas, depth: Infinity };
  const groups = sectionsOf(doc);
  const nav = groups.map(
    ([tag, ops]) =>
      `<li>${esc(tag)}<ul>${ops.map((o) => `<li><a href="#${esc(opId(o))}">${methodHtml(o.method)} ${esc(o.op.summary)}</a></li>`).join('')}</ul></li>`,
  );
  const names = Object.keys(view.components);
  nav.push(
    `<li><a href="#schemas">Schemas</a><ul>${names.map((n) => `<li><a href="#${esc(schemaAnchor(n))}">${esc(n)}</a></li>`).join('')}</ul></li>`,
  );
  const main = groups.map(
    ([tag, ops]) =>
      `<h2>${esc(tag)}</h2>${ops.map((o) => `<section class="op" id="${esc(opId(o))}"><h3>${opTitle(o)}</h3>${operationBody(o, view)}</section>`).join('')}`,
  );
  return page(
    `${String((doc.info as { title: string }).title)}: reference`,
    `<div class="layout"><nav><ul>${nav.join('')}</ul></nav><main>${header(doc, name, '/redoc')}${main.join('')}${componentsHtml(view, 'Schemas')}</main></div>`,
  );
}
