import { readFileSync } from 'node:fs';
import * as z from 'zod/mini';
import { API_KEY_PATTERN, partnerTier, Plan, Scope } from '../api/schemas/auth.js';
import { LIST_LIMITS, LIST_VISIBILITIES, SHARE_PERMISSIONS } from '../api/schemas/lists.js';
import { DESTINATIONS } from '../api/schemas/values/sync.js';
import { MAX_ACTIVE_KEYS_PER_USER } from '../api/schemas/values/keys.js';
import { DEMO } from './store.js';
import { FixturesError, fieldPath } from './fixtures-error.js';

export { FixturesError, isFixturesError } from './fixtures-error.js';

/**
 * The fixtures format (version 1): organizations with their users, API keys (with secrets
 * the file gives, so a CI job knows them), balances, plans and lists with their leads, loaded
 * on top of the seeded demo data when the sandbox starts and again after every reset.
 * docs/sandbox-fixtures.md documents it; every field carries its description here.
 */

export const FIXTURES_VERSION = 1;

// zod/mini says only "Invalid input" until a locale is loaded: a refusal names what was expected.
z.config(z.locales.en());

/** The most people a data set holds (sandbox serve --people). */
const MAX_DATASET_PEOPLE = 1_000_000;

const text = (description: string, min = 1, max = 500) => z.string().check(z.minLength(min), z.maxLength(max), z.describe(description));
const optional = <T extends z.ZodMiniType>(schema: T) => z.optional(schema);
const nullableText = (description: string) => z.nullable(z.string().check(z.maxLength(500))).check(z.describe(description));

export const FixtureLead = z
  .strictObject({
    first_name: optional(nullableText('First name.')),
    last_name: optional(nullableText('Last name.')),
    full_name: optional(nullableText('Full name; default first and last name joined by a space.')),
    email: optional(z.nullable(z.email()).check(z.describe('Work email address.'))),
    phone: optional(nullableText('Phone number, as it should read.')),
    title: optional(nullableText('Job title.')),
    company: optional(nullableText('Company name.')),
    company_domain: optional(nullableText('Company domain, e.g. example.com.')),
    linkedin_url: optional(nullableText('LinkedIn profile URL.')),
    location: optional(nullableText('Location, e.g. "Berlin, Germany".')),
    enriched: optional(
      z
        .boolean()
        .check(z.describe('true marks the lead as already enriched (as if an enrichment had filled email or phone); default false.')),
    ),
  })
  .check(z.describe('A lead of the list, given field by field; a field left out is empty (null).'));

export const FixtureList = z
  .strictObject({
    name: text('List name, unique per owner (the CLI finds lists by name).', LIST_LIMITS.name.min, LIST_LIMITS.name.max),
    description: optional(nullableText('List description.')),
    owner: optional(
      z.email().check(z.describe("Email of the user of this organization who owns the list; default the organization's first user.")),
    ),
    visibility: optional(
      z
        .enum(LIST_VISIBILITIES)
        .check(
          z.describe(
            'Who sees the list: private (the owner), organization (every member) or shared (the members in shares); default shared when shares are given, else private.',
          ),
        ),
    ),
    shares: optional(
      z.record(z.email(), z.enum(SHARE_PERMISSIONS)).check(z.describe('Members the list is shared with: their email, then view or edit.')),
    ),
    protected: optional(
      z
        .boolean()
        .check(z.describe('true makes it a protected system list (no rename, no delete, not counted toward the list cap); default false.')),
    ),
    people: optional(
      z
        .int()
        .check(
          z.minimum(0),
          z.maximum(MAX_DATASET_PEOPLE),
          z.describe(
            'How many people of the synthetic data set to save to the list as leads (as many as the data set has at most); default 0.',
          ),
        ),
    ),
    from_person: optional(
      z.int().check(z.minimum(0), z.describe('Index of the first of those people in the data set (same seed, same people); default 0.')),
    ),
    leads: optional(z.array(FixtureLead).check(z.describe('Leads given field by field, added after the people of the data set.'))),
  })
  .check(z.describe('A lead list of the organization.'));

export const FixtureKey = z
  .strictObject({
    name: optional(text('Key name, as `prospect keys ls` shows it; default "Fixture key".', 1, 100)),
    secret: z
      .string()
      .check(
        z.regex(API_KEY_PATTERN, { message: 'an API key is svcapi_ followed by 64 characters of A-Z, a-z, 0-9, _ and -' }),
        z.describe(
          'The secret: svcapi_ followed by 64 characters of A-Z, a-z, 0-9, _ and -. Use it as PROSPECT_API_KEY; keep it out of real accounts.',
        ),
      ),
    expires_at: optional(
      z
        .nullable(z.iso.datetime({ offset: true }))
        .check(z.describe('When the key stops working (ISO 8601, on the sandbox clock); default never.')),
    ),
    revoked: optional(z.boolean().check(z.describe('true loads the key already revoked (calls with it answer 401); default false.'))),
  })
  .check(z.describe('An API key of the user in this organization.'));

export const FixtureUser = z
  .strictObject({
    email: z.email().check(z.describe('Email address, unique across the sandbox; how lists, shares and `jwt` name the user.')),
    name: optional(nullableText('Display name.')),
    role: optional(
      z
        .enum(['owner', 'member'])
        .check(z.describe("owner or member; default owner for the organization's first user, member for the others.")),
    ),
    scopes: optional(
      z.array(Scope).check(z.describe('Scopes the user holds in the organization (their keys carry them); default every scope.')),
    ),
    api_keys: optional(
      z
        .array(FixtureKey)
        .check(z.maxLength(MAX_ACTIVE_KEYS_PER_USER), z.describe(`API keys of the user, at most ${MAX_ACTIVE_KEYS_PER_USER}.`)),
    ),
  })
  .check(z.describe('A member of the organization.'));

export const FixtureOrganization = z
  .strictObject({
    name: text('Organization name, as `prospect whoami` shows it.', 1, 200),
    plan: optional(Plan.check(z.describe('Plan: gates API access, list caps and rate limits; default pro.'))),
    partner_tier: optional(partnerTier().check(z.describe('Partner tier (a monthly search quota), or null for none; default null.'))),
    trial: optional(z.boolean().check(z.describe('true puts the organization on a trial; default false.'))),
    credits: optional(z.int().check(z.minimum(0), z.describe('Credit balance, whole credits; default 0.'))),
    manual_refunds: optional(
      z
        .boolean()
        .check(
          z.describe(
            'true: its prepaid runs need a manual refund, so an enrichment run that fails as a whole keeps its reservation (refund_status pending_review); default false: refunded at once.',
          ),
        ),
    ),
    connected_providers: optional(
      z
        .array(z.enum(DESTINATIONS))
        .check(z.describe('Sync destinations connected to the organization (crm_one, crm_two, sequencer_one); default none.')),
    ),
    users: optional(
      z.array(FixtureUser).check(z.describe('Members of the organization; the first is its owner unless roles say otherwise.')),
    ),
    lists: optional(z.array(FixtureList).check(z.describe('Lead lists of the organization.'))),
  })
  .check(z.describe('An organization, loaded beside the demo organizations.'));

export const Fixtures = z
  .strictObject({
    $schema: optional(z.string().check(z.describe('Optional: where an editor finds the JSON Schema of this format. Ignored.'))),
    version: z.literal(FIXTURES_VERSION).check(z.describe(`Version of the format: ${FIXTURES_VERSION}.`)),
    organizations: optional(z.array(FixtureOrganization).check(z.describe('Organizations to load.'))),
  })
  .check(
    z.describe(
      'Known state for the sandbox: organizations, users, API keys, balances, plans, lists and leads (prospect-cli sandbox fixtures).',
    ),
    z.superRefine((f, ctx) => {
      for (const issue of crossReferenceIssues(f)) ctx.issues.push({ code: 'custom', input: f, ...issue });
    }),
  );

export type Fixtures = z.infer<typeof Fixtures>;
/** What `startSandbox({ fixtures })` takes: optional fields may be left out. */
export type FixturesInput = z.input<typeof Fixtures>;

const DEMO_EMAILS = [DEMO.ownerEmail, DEMO.teammateEmail, DEMO.otherEmail];

/** What the schema of each field cannot see: emails and secrets unique, owners and shares that are members. */
function crossReferenceIssues(f: z.output<typeof Fixtures>): Array<{ path: PropertyKey[]; message: string }> {
  const issues: Array<{ path: PropertyKey[]; message: string }> = [];
  const emails = new Map<string, string>(DEMO_EMAILS.map((e) => [e, 'a demo user']));
  const secrets = new Map<string, string>();
  (f.organizations ?? []).forEach((o, i) => {
    const members = new Set<string>();
    (o.users ?? []).forEach((u, j) => {
      const at = ['organizations', i, 'users', j];
      const email = u.email.toLowerCase();
      const taken = emails.get(email);
      if (taken) issues.push({ path: [...at, 'email'], message: `${u.email} is already ${taken}; give each user an email of their own` });
      emails.set(email, fieldPath(at));
      members.add(email);
      (u.api_keys ?? []).forEach((k, n) => {
        const other = secrets.get(k.secret);
        if (other) issues.push({ path: [...at, 'api_keys', n, 'secret'], message: `the same secret as ${other}; each key needs its own` });
        secrets.set(k.secret, fieldPath([...at, 'api_keys', n]));
      });
    });
    (o.lists ?? []).forEach((l, j) => {
      const at = ['organizations', i, 'lists', j];
      if (l.owner !== undefined && !members.has(l.owner.toLowerCase()))
        issues.push({ path: [...at, 'owner'], message: `${l.owner} is not a user of this organization` });
      if (l.owner === undefined && members.size === 0)
        issues.push({ path: at, message: 'the organization has no users to own the list; add users' });
      for (const who of Object.keys(l.shares ?? {}))
        if (!members.has(who.toLowerCase()))
          issues.push({ path: [...at, 'shares', who], message: `${who} is not a user of this organization` });
    });
  });
  return issues;
}

/** The fixtures of an object, or a FixturesError naming the first bad field. */
export function parseFixtures(data: unknown, source = 'fixtures'): Fixtures {
  const r = Fixtures.safeParse(data);
  if (r.success) return r.data;
  const issue = r.error.issues[0]!;
  throw new FixturesError(source, fieldPath(issue.path), problemOf(issue, data));
}

function problemOf(issue: z.core.$ZodIssue, data: unknown): string {
  if (issue.path.length === 0 && (typeof data !== 'object' || data === null || Array.isArray(data)))
    return 'expected a JSON object such as {"version": 1, "organizations": []}';
  if (issue.path.length === 1 && issue.path[0] === 'version')
    return `version must be ${FIXTURES_VERSION} (the format this prospect-cli reads)`;
  return issue.message;
}

/** The fixtures of a JSON file (read whole, once), or a FixturesError naming the file and the bad field. */
export function readFixturesFile(file: string): Fixtures {
  let raw: string;
  try {
    raw = readFileSync(file, 'utf8');
  } catch (e) {
    throw new FixturesError(file, '', `cannot read the fixtures file (${(e as NodeJS.ErrnoException).code ?? String(e)})`);
  }
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch (e) {
    throw new FixturesError(file, '', `not valid JSON: ${(e as Error).message}`);
  }
  return parseFixtures(data, file);
}

/** Fixtures given as an object or as the path of a JSON file. */
export function resolveFixtures(given: FixturesInput | string): Fixtures {
  return typeof given === 'string' ? readFixturesFile(given) : parseFixtures(given);
}
