import * as z from 'zod/mini';

export type { Envelope } from './values/envelope.js';
export { HINT_KEYS } from './values/envelope.js';

/** The envelope's fields, to spread into response schemas. */
export const envelopeFields = {
  task_id: z.optional(z.nullable(z.string())),
  timestamp_ms: z.optional(z.nullable(z.number())),
  agent_instructions: z.optional(z.nullable(z.string())),
  usage: z.optional(z.nullable(z.string())),
  message: z.optional(z.nullable(z.string())),
};
