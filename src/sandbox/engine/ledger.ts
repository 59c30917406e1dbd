import type { OrganizationRecord } from '../store.js';
import { publicError, type SandboxError } from './errors.js';

/**
 * Credits of an organization: one balance shared by all its members. Paid work reserves its
 * maximum up front (the balance drops at once), and settles on its terminal state: the part
 * not charged is refunded.
 */

export function insufficientCredits(
  cost: number,
  available: number,
  opts: { status?: number; what?: string; cause?: string; fix?: string } = {},
): SandboxError {
  return publicError(opts.status ?? 400, {
    code: 'insufficient_credits',
    problem: `The balance of ${available} credits does not cover the ${cost} credits ${opts.what ?? 'this run needs'}`,
    cause: opts.cause ?? `${cost - available} more credits are needed. Nothing was charged.`,
    fix: opts.fix ?? 'Buy credits on the plans page of the application, or run a smaller selection.',
    retryable: false,
    estimated_cost_credits: cost,
    available_credits: available,
    shortfall_credits: cost - available,
  });
}

/** Takes `amount` from the balance, or throws insufficient_credits (nothing taken). */
export function reserveCredits(org: OrganizationRecord, amount: number): void {
  if (org.credits < amount) throw insufficientCredits(amount, org.credits);
  org.credits -= amount;
}

/** Gives credits back (an unused reservation, a refunded charge). */
export function refundCredits(org: OrganizationRecord, amount: number): void {
  if (amount > 0) org.credits += amount;
}
