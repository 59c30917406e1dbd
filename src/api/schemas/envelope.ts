import * as z from 'zod/mini';
import { described } from './described.js';

export type { Envelope } from './values/envelope.js';
export { HINT_KEYS } from './values/envelope.js';

/** The envelope's fields, to spread into response schemas. */
export const envelopeFields = {
  task_id: z.optional(
    described(
      z.nullable(z.string()),
      'Cohort handle (svc-task_...) for chained follow-ups such as saving or enriching these rows; lasts about an hour from its last use.',
    ),
  ),
  timestamp_ms: z.optional(described(z.nullable(z.int()), 'Server time of the answer, in milliseconds since the Unix epoch.')),
  agent_instructions: z.optional(described(z.nullable(z.string()), 'A hint about this call: credits remaining, truncation, warnings.')),
  usage: z.optional(described(z.nullable(z.string()), 'What to do next, typically on an empty or discovery answer.')),
  message: z.optional(described(z.nullable(z.string()), 'Why something was skipped, when the answer is degraded.')),
};
