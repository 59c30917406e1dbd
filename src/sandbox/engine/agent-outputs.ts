import type { AgentType } from '../../api/schemas/values/agents.js';
import type { CompanyFacts, Dataset } from '../data/dataset.js';
import { fnv1a } from '../data/prng.js';
import { INDUSTRIES, type Sector } from '../data/industries.js';
import type { LeadRecord } from './lists.js';
import { renderTemplate, type EmailTemplate } from './email-templates.js';
import { normalizeTitle } from './title-normalizer.js';
import { findCompany } from './enrichment-companies.js';
import { PAIN_POINTS_BY_ROLE, PAIN_POINTS_BY_SECTOR, roleOf } from './pain-points.js';

/**
 * What each smart agent writes for a lead. Deterministic: the same lead (its fields) and the
 * same prompt or template give the same text on every run and machine. Data the agent needs
 * and the lead lacks gives value null and an error saying what is missing.
 */

export interface AgentOutput {
  value: string | null;
  error: string | null;
}

export interface AgentTask {
  type: AgentType;
  prompt: string | null;
  template: Pick<EmailTemplate, 'subject' | 'body'> | null;
  /** Who signs cold emails: the user who started the run. */
  sender: string;
}

const ok = (value: string): AgentOutput => ({ value, error: null });
const missing = (error: string): AgentOutput => ({ value: null, error });
const bullets = (lines: readonly string[]) => lines.map((l) => `- ${l}`).join('\n');

/** The data set's company of a lead: its company_id, else its company domain. */
function companyOfLead(dataset: Dataset, lead: LeadRecord): CompanyFacts | undefined {
  const index = findCompany(dataset, { company_id: lead.company_id ?? undefined, domain: lead.company_domain ?? undefined });
  return index === undefined ? undefined : dataset.company(index);
}

const SECTOR_OF = new Map<string, Sector>(INDUSTRIES.map((i) => [i.label, i.sector]));

/** `n` items of a list, starting at a place the key decides (the same key, the same items). */
function pick<T>(items: readonly T[], n: number, key: string): T[] {
  const start = fnv1a(key) % items.length;
  return Array.from({ length: Math.min(n, items.length) }, (_, k) => items[(start + k) % items.length]!);
}

function titleNormalizer(lead: LeadRecord): AgentOutput {
  if (!lead.title?.trim()) return missing('The lead has no title to normalize');
  const title = normalizeTitle(lead.title);
  return title ? ok(title) : missing(`Nothing of the title "${lead.title}" is left after removing noise`);
}

function companyIntel(dataset: Dataset, lead: LeadRecord): AgentOutput {
  const c = companyOfLead(dataset, lead);
  if (!c)
    return missing(
      `No company record for this lead${lead.company ? ` (${lead.company})` : ''}: company_intel needs the lead's employer in the data set, by company_id or company domain`,
    );
  const n = (v: number) => v.toLocaleString('en-US');
  const lines = [
    `${c.description} Founded ${c.founded_year}; ${c.company_type.toLowerCase()}.`,
    `Size: ${n(c.employee_count)} employees (${c.employee_count_range}), revenue ${c.revenue_range}; headcount ${c.growth >= 0 ? 'up' : 'down'} ${Math.abs(c.growth)}% over the last year.`,
  ];
  if (c.funding_stage) {
    const round = c.last_funding_date ? `, last round ${c.last_funding_date}` : '';
    const investors = c.investors.length ? `; investors include ${c.investors.slice(0, 3).join(', ')}` : '';
    lines.push(`Funding: ${c.funding_stage}${round}${investors}.`);
  }
  lines.push(`HQ: ${c.hq_location}.`);
  if (c.tech_stack.length)
    lines.push(
      `Tech stack: ${c.tech_stack.slice(0, 6).join(', ')}${c.tech_stack.length > 6 ? ` and ${c.tech_stack.length - 6} more` : ''}.`,
    );
  return ok(bullets(lines));
}

function painPoints(dataset: Dataset, lead: LeadRecord): AgentOutput {
  const company = companyOfLead(dataset, lead);
  const sector = company ? SECTOR_OF.get(company.industry) : undefined;
  const role = lead.title ? roleOf(normalizeTitle(lead.title)) : undefined;
  if (!role && !sector) return missing('Neither a recognizable role (title) nor a known company industry to reason from');
  const key = `${lead.full_name}|${lead.title}|${lead.company}`;
  const h = fnv1a(key);
  const fromIndustry = sector ? pick(PAIN_POINTS_BY_SECTOR[sector], 1 + (h % 2), `${key}|sector`) : [];
  const fromRole = pick(PAIN_POINTS_BY_ROLE[role ?? 'general'], (sector ? 2 : 3) + ((h >>> 8) % 2), `${key}|role`);
  const industry = company ? ` (${company.industry})` : '';
  return ok(bullets([...fromRole, ...fromIndustry.map((p) => `${p}${industry}`)]));
}

/** custom_ai: a templated answer to the prompt about the lead, shaped by what the prompt asks for. */
function customAnswer(dataset: Dataset, lead: LeadRecord, prompt: string): AgentOutput {
  if (!lead.title && !lead.company) return missing('Not enough about this lead to answer: it has no title and no company');
  const company = companyOfLead(dataset, lead);
  const name = lead.full_name ?? ([lead.first_name, lead.last_name].filter(Boolean).join(' ') || 'This lead');
  const first = lead.first_name ?? name.split(' ')[0]!;
  const title = lead.title ? normalizeTitle(lead.title) || lead.title : 'their role';
  const at = lead.company ?? company?.name ?? 'their company';
  const industry = company?.industry;
  const h = fnv1a(`${prompt}|${name}|${lead.title}|${at}`);
  const senior = /\b(chief|vice president|director|head|founder|president|owner|partner)\b/i.test(title);
  const p = prompt.toLowerCase();
  if (/\b(score|rate|rating|fit|qualif)/.test(p)) {
    const score = Math.min(10, 3 + (h % 5) + (senior ? 2 : 0));
    return ok(
      `Score: ${score}/10. ${name} is ${title} at ${at}${industry ? ` (${industry})` : ''}; ${senior ? 'a likely decision maker' : 'likely an influencer rather than the buyer'}.`,
    );
  }
  if (/\b(summar|describe|profile|who is)/.test(p))
    return ok(
      `${name} is ${title} at ${at}${lead.location ? `, based in ${lead.location}` : ''}.${company ? ` ${company.description}` : ''}`,
    );
  if (/\b(opener|icebreaker|first line|intro|email|message|subject|linkedin)/.test(p)) {
    const hooks = [
      `congrats on the work you're doing as ${title} at ${at}`,
      `I noticed ${at} is ${company && company.growth > 0 ? 'growing fast' : 'investing in its team'}, and as ${title} you're likely in the middle of it`,
      `leading as ${title} at ${at}${industry ? ` in ${industry}` : ''} can't leave much spare time, so I'll be brief`,
    ];
    return ok(`Hi ${first}, ${hooks[h % hooks.length]}.`);
  }
  if (/\b(classif|categor|persona|segment)/.test(p)) {
    const area = roleOf(title) ?? 'general';
    return ok(
      `Persona: ${area === 'general' ? 'generalist' : area} ${senior ? 'leader' : 'practitioner'}${industry ? `, ${industry}` : ''}.`,
    );
  }
  if (/\?\s*$/.test(prompt) || /^(is|does|do|should|can|will|are|has)\b/.test(p)) {
    // Questions about buying power follow the seniority of the role; others are a stable coin toss.
    const yes = /\b(decision|buyer|budget|senior|sign)/.test(p) ? senior : h % 2 === 0;
    return ok(`${yes ? 'Yes' : 'No'}: ${name} is ${title} at ${at}${industry ? ` (${industry})` : ''}${senior ? ', a senior role' : ''}.`);
  }
  const [first1, second] = pick(PAIN_POINTS_BY_ROLE[roleOf(title) ?? 'general'], 2, `${prompt}|${name}`);
  const asked = prompt.trim().replace(/\s+/g, ' ');
  return ok(
    `Re "${asked.length > 80 ? `${asked.slice(0, 77)}...` : asked}": ${name}, ${title} at ${at}${industry ? ` (${industry})` : ''}, is ${senior ? 'a senior buyer' : 'a hands-on practitioner'}; ` +
      `what most likely matters to them: ${first1!.toLowerCase()}, and ${second!.toLowerCase()}.`,
  );
}

/** What an agent writes for one lead. */
export function agentOutput(dataset: Dataset, lead: LeadRecord, task: AgentTask): AgentOutput {
  switch (task.type) {
    case 'title_normalizer':
      return titleNormalizer(lead);
    case 'company_intel':
      return companyIntel(dataset, lead);
    case 'pain_point_hypothesis':
      return painPoints(dataset, lead);
    case 'custom_ai':
      return customAnswer(dataset, lead, task.prompt ?? '');
    case 'cold_intro_email':
      if (!lead.email) return missing('The lead has no email: enrich it first');
      return ok(renderTemplate(task.template!, lead, task.sender));
  }
}
