import type { CsvExportBody, CsvExportLink, JsonExportPage } from '../schemas/export.js';
import { EXPORT_LIMITS } from '../schemas/values/export.js';
import { endpoint, ref } from './endpoint.js';
import { cursorParam, limitParam, TAGS, textParam } from './params.js';

/** Export of a list (free): a signed link to a CSV file, the file behind it, or the leads as paged JSON. */

export const exportEndpoints = {
  csvLink: endpoint({
    id: 'exports.csvLink',
    method: 'POST',
    path: '/export/csv/signed-url',
    kind: 'v2',
    scope: 'export:read',
    summary: 'A signed download link to a CSV of a list',
    description:
      'The list’s CSV as it is now, behind a link that works without credentials for 24 hours. Free and without side effects, so safe to repeat.',
    body: ref<typeof CsvExportBody>('CsvExportBody'),
    response: ref<typeof CsvExportLink>('CsvExportLink'),
    errors: { 404: ['list_not_found'], 502: ['internal_error'] },
    idempotent: true,
    published: { document: 'v2', operationId: 'exportCsvSignedUrl', tag: TAGS.export },
  }),
  json: endpoint({
    id: 'exports.json',
    method: 'GET',
    path: '/export/json',
    kind: 'v2',
    scope: 'export:read',
    summary: 'A page of a list as JSON',
    description: 'One page of a list’s leads with the chosen columns in order. Free; follow cursor until it is null.',
    query: [
      textParam('list_id', 'The list to export.', true),
      limitParam('limit', EXPORT_LIMITS.jsonPage, 'Page size'),
      cursorParam,
      {
        name: 'columns',
        description: 'Columns in order, the parameter repeated once per column; default lead_id, first_name, ... location.',
        repeated: true,
        schema: { type: 'array', maxItems: EXPORT_LIMITS.columns.max, items: { type: 'string', maxLength: EXPORT_LIMITS.columnName.max } },
      },
    ],
    response: ref<typeof JsonExportPage>('JsonExportPage'),
    errors: { 400: ['invalid_cursor'], 404: ['list_not_found'], 502: ['internal_error'] },
    idempotent: true,
    published: { document: 'v2', operationId: 'exportJson', tag: TAGS.export },
  }),
  download: endpoint({
    id: 'exports.download',
    method: 'GET',
    path: '/downloads/exports/:file',
    kind: 'root',
    scope: null,
    summary: 'The file behind a signed export link',
    description: 'The CSV file of a signed link, checked against its signature and expiry. Send no credentials: the link is its own proof.',
    errors: { 403: ['PERMISSION_DENIED'], 404: ['not_found'] },
    idempotent: true,
  }),
};
