import { PLANS, hasApiAccess, isPartnerLicenseOnly } from '../../api/schemas/auth.js';
import type { OrganizationRecord } from '../store.js';
import { publicError } from './errors.js';

/** Every feature the sandbox's gates enforce, in the order whoami lists them. */
export const FEATURES = [
  'api_access',
  'people_search',
  'company_search',
  'criteria_search',
  'lead_lists',
  'csv_import',
  'find_people',
  'enrichment',
  'bulk_enrichment_subset',
  'smart_agents',
  'sync',
  'sync_helpers',
  'export',
] as const;
export type Feature = (typeof FEATURES)[number];

const EVERY_PLAN: Feature[] = ['people_search', 'company_search', 'lead_lists', 'csv_import', 'enrichment', 'export'];
const STARTER: Feature[] = ['smart_agents', 'sync'];
const PAID: Feature[] = ['criteria_search', 'find_people', 'bulk_enrichment_subset', 'smart_agents', 'sync', 'sync_helpers'];
/** Partner-license-only workspaces get the paid features except these. */
export const NOT_FOR_PARTNER_LICENSE_ONLY: Feature[] = ['criteria_search', 'find_people', 'bulk_enrichment_subset', 'sync_helpers'];

export function planState(org: OrganizationRecord) {
  return { plan: org.plan, partnerTier: org.partner_tier, trial: org.trial };
}

/** The merged feature list of an organization, from its plan, partner tier and trial. */
export function featuresOf(org: OrganizationRecord): Feature[] {
  const s = planState(org);
  const set = new Set<Feature>(EVERY_PLAN);
  if (hasApiAccess(s)) set.add('api_access');
  if (PLANS[org.plan].apiAccess) PAID.forEach((f) => set.add(f));
  else if (isPartnerLicenseOnly(s)) PAID.filter((f) => !NOT_FOR_PARTNER_LICENSE_ONLY.includes(f)).forEach((f) => set.add(f));
  else if (PLANS[org.plan].tier === 'starter') STARTER.forEach((f) => set.add(f));
  return FEATURES.filter((f) => set.has(f));
}

/** 403 feature_gated unless the organization has the feature; `label` names it in the cause ("Criteria search"). */
export function requireFeature(org: OrganizationRecord, feature: Feature, text: { label: string; problem: string; fix: string }): void {
  if (featuresOf(org).includes(feature)) return;
  const partner = isPartnerLicenseOnly(planState(org));
  throw publicError(403, {
    code: 'feature_gated',
    problem: text.problem,
    cause: partner
      ? `${text.label} is not available to partner-license-only workspaces.`
      : `${text.label} needs a paid plan with API access; this organization is on the ${org.plan} plan.`,
    fix: text.fix,
    retryable: false,
    details: { feature, ...(partner ? { partner_tier: org.partner_tier } : {}) },
  });
}

/** "dana@acme.example" -> "d***@acme.example", as whoami shows it for key auth. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${email[0]}***${email.slice(at)}`;
}
