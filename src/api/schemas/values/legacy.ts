/** The v1-only enrichment endpoints and their webhook: limits and delivery rules of the spec. */

export const LEGACY_BULK_LIMITS = { contacts: { min: 1, max: 250 } } as const;
export const LEGACY_WORKFLOW_PREFIX = 'public_bulk_';
/** v1 workflow states (no canceled or terminated in v1). */
export const LEGACY_STATUSES = ['pending', 'processing', 'completed', 'completed_with_errors', 'failed'] as const;
export type LegacyStatus = (typeof LEGACY_STATUSES)[number];
/** Per-contact status stays pollable this long. */
export const LEGACY_TASK_RETENTION_MS = 24 * 3_600_000;

export const WEBHOOK_EVENT = 'enrichment.completed';
/** POST, 10 s per attempt, 5 attempts with waits of 1, 2, 4 and 8 s; a 3xx is a failed attempt (not followed). */
export const WEBHOOK_POLICY = { timeoutMs: 10_000, attempts: 5, waitsMs: [1_000, 2_000, 4_000, 8_000] } as const;
export const WEBHOOK_RESULTS_LIMIT = 500;
export const WEBHOOK_DELIVERY_STATUSES = ['delivered', 'failed'] as const;
export const WEBHOOK_DELIVERIES_LIMITS = { limit: { min: 1, max: 200, default: 50 } } as const;
