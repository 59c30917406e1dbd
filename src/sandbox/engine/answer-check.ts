import type { Endpoint, SchemaRef, SchemaSlot } from '../../api/endpoints/endpoint.js';
import { schemaOf } from '../../api/endpoints/schemas.js';

/**
 * Why a 2xx answer does not parse with the schema its entry names (or with any of its oneOf),
 * or undefined when it does. The test suite's sandboxes check every answer so (checkAnswers):
 * an entry naming another schema than the one its route answers fails whichever test calls it.
 * Only named schemas are checked (the controls hold theirs), and a page only by its first rows
 * (a page of 500 leads would cost 3 ms an answer).
 */
export function answerMismatch(e: Endpoint, body: unknown): string | undefined {
  const named = (e.oneOf ?? (e.response ? [e.response] : [])).filter(isNamed);
  const sample = firstRows(e, body);
  const problems: string[] = [];
  for (const slot of named) {
    const r = schemaOf(slot).safeParse(sample);
    if (r.success) return undefined;
    const issues = r.error.issues.slice(0, 3).map((i) => `${i.path.join('.') || '(answer)'}: ${i.message}`);
    problems.push(`${slot.schema} (${issues.join('; ')})`);
  }
  return problems.length ? `${e.id} answered outside ${problems.join(' and ')}` : undefined;
}

const isNamed = (slot: SchemaSlot): slot is SchemaRef => 'schema' in slot && typeof slot.schema === 'string';

const SAMPLED_ROWS = 3;

function firstRows(e: Endpoint, body: unknown): unknown {
  const rows = e.rows && typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[e.rows] : undefined;
  return Array.isArray(rows) && rows.length > SAMPLED_ROWS ? { ...(body as object), [e.rows!]: rows.slice(0, SAMPLED_ROWS) } : body;
}
