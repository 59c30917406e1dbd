/**
 * The optional fields any entity-returning v2 response may carry beside its payload.
 * Plain constants (no zod) so the CLI can use them on its fast paths.
 */
export interface Envelope {
  task_id?: string | null;
  timestamp_ms?: number | null;
  agent_instructions?: string | null;
  usage?: string | null;
  message?: string | null;
}

/** Envelope keys whose text is a hint for a person: printed on stderr, never on stdout. */
export const HINT_KEYS = ['agent_instructions', 'usage', 'message'] as const;
