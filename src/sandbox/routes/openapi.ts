import type { RouteDef } from '../router.js';
import { API } from '../../api/endpoints/index.js';
import { reply, type RequestContext } from '../context.js';
import { openApiDocument, type DocumentName } from '../openapi/document.js';
import { docsPage, redocPage } from '../openapi/html.js';

/** The published OpenAPI documents and their HTML pages, public at the host root (no credential, no request log row). */

function documentFor(ctx: RequestContext, name: DocumentName) {
  const host = typeof ctx.headers.host === 'string' && ctx.headers.host ? `http://${ctx.headers.host}` : ctx.services.url;
  return openApiDocument(name, host);
}

/** A page rendering the document that ?spec= chooses (v2 unless v1). */
function pageOf(render: typeof docsPage) {
  return (ctx: RequestContext) => {
    const name: DocumentName = ctx.query.get('spec') === 'v1' ? 'v1' : 'v2';
    return html(render(documentFor(ctx, name), name));
  };
}

const HTML_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  // The pages are self-contained: nothing is fetched, no script runs.
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
};

const html = (text: string) => reply(Buffer.from(text, 'utf8'), 200, HTML_HEADERS);

export const openApiRoutes: RouteDef[] = [
  { endpoint: API.site.openapiV2, handler: (ctx) => documentFor(ctx, 'v2') },
  { endpoint: API.site.openapiV1, handler: (ctx) => documentFor(ctx, 'v1') },
  { endpoint: API.site.docs, handler: pageOf(docsPage) },
  { endpoint: API.site.redoc, handler: pageOf(redocPage) },
];
