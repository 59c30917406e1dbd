import * as z from 'zod/mini';

/** Optional fields any entity-returning v2 response may carry beside its payload. */
export const envelopeFields = {
  task_id: z.optional(z.nullable(z.string())),
  timestamp_ms: z.optional(z.nullable(z.number())),
  agent_instructions: z.optional(z.nullable(z.string())),
  usage: z.optional(z.nullable(z.string())),
  message: z.optional(z.nullable(z.string())),
};
export interface Envelope {
  task_id?: string | null;
  timestamp_ms?: number | null;
  agent_instructions?: string | null;
  usage?: string | null;
  message?: string | null;
}
/** Envelope keys whose text is a hint for a person: printed on stderr, never on stdout. */
export const HINT_KEYS = ['agent_instructions', 'usage', 'message'] as const;
