/**
 * The spec's rate-limit table. All rows apply at once to every v2 request; requests to
 * v1-only endpoints count only toward the organization limit; signed-in sessions (JWT)
 * are held to the organization limit only.
 */
export const RATE_LIMITS = {
  /** 60 requests per fixed clock minute per organization, all keys and members combined. */
  organizationPerMinute: 60,
  /** Replaces the organization limit for partner-license workspaces without a paid plan. */
  partnerOrganizationPerMinute: 30,
  /** 30 requests per minute per API key. */
  keyPerMinute: 30,
  /** 60 people searches (POST /people/find, each page) per UTC day per organization with API keys. */
  peopleSearchesPerDay: 60,
  /** 60 people searches per minute per organization for the connector client. */
  connectorPeopleSearchesPerMinute: 60,
  /** 50 searches per calendar month for partner-license workspaces, people and company search shared. */
  partnerSearchesPerMonth: 50,
} as const;

export const MINUTE_MS = 60_000;
export const DAY_MS = 86_400_000;
