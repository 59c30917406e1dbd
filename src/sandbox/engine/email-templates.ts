import type { Store } from '../store.js';
import type { LeadRecord } from './lists.js';
import { badField } from './validation.js';
import { ownValue } from '../../api/schemas/values/own-key.js';

/**
 * Email templates of an organization, used by the cold_intro_email agent. The spec does not
 * show the resource's fields; the sandbox's are below. Every organization starts with one
 * active default template (made on first use, so a reset brings it back); test controls
 * add templates and switch them off. Placeholders are {{field}} with a lead's fields and
 * {{sender_name}}.
 */

export interface EmailTemplate {
  template_id: string;
  organization_id: string;
  name: string;
  subject: string;
  body: string;
  is_active: boolean;
  is_default: boolean;
  created_at: string;
}

interface TemplatesArea {
  /** Organization id -> its templates, in the order made. */
  by_org: Record<string, EmailTemplate[]>;
}

const TEMPLATE_ID_PREFIX = 'tpl';

const DEFAULT_TEMPLATE = {
  name: 'Intro (default)',
  subject: 'Quick question for {{company}}, {{first_name}}',
  body:
    'Hi {{first_name}},\n\n' +
    'I came across your work as {{title}} at {{company}} and wanted to reach out. ' +
    'Teams like yours use us to spend less time on manual prospecting and more time on conversations that convert.\n\n' +
    'Would a 15-minute call next week be useful?\n\n' +
    'Best,\n{{sender_name}}',
} as const;

const templatesArea = (store: Store): TemplatesArea => store.area<TemplatesArea>('email_templates', () => ({ by_org: {} }));

/** The organization's templates, seeded with the active default on first use. */
export function templatesOf(store: Store, organizationId: string, createdAt: string): EmailTemplate[] {
  const area = templatesArea(store);
  if (!Object.hasOwn(area.by_org, organizationId))
    area.by_org[organizationId] = [
      {
        template_id: store.nextId(TEMPLATE_ID_PREFIX, 'template'),
        organization_id: organizationId,
        ...DEFAULT_TEMPLATE,
        is_active: true,
        is_default: true,
        created_at: createdAt,
      },
    ];
  return area.by_org[organizationId]!;
}

export function addTemplate(
  store: Store,
  organizationId: string,
  createdAt: string,
  t: Pick<EmailTemplate, 'name' | 'subject' | 'body' | 'is_active' | 'is_default'>,
): EmailTemplate {
  const all = templatesOf(store, organizationId, createdAt);
  const made: EmailTemplate = {
    template_id: store.nextId(TEMPLATE_ID_PREFIX, 'template'),
    organization_id: organizationId,
    ...t,
    created_at: createdAt,
  };
  all.push(made);
  if (t.is_default) makeDefault(all, made);
  return made;
}

/** Makes `t` the organization's one default template. */
export function makeDefault(all: EmailTemplate[], t: EmailTemplate): void {
  for (const other of all) other.is_default = other === t;
}

/**
 * The template a cold_intro_email run uses: the one named (of the organization and active),
 * else the active default; 400 validation_error naming what is missing.
 */
export function templateFor(store: Store, organizationId: string, createdAt: string, templateId: string | undefined): EmailTemplate {
  const all = templatesOf(store, organizationId, createdAt);
  if (templateId !== undefined) {
    const t = all.find((x) => x.template_id === templateId);
    if (!t) throw badField('template_id', `Email template ${templateId} was not found in this workspace`);
    if (!t.is_active)
      throw badField('template_id', `Email template ${templateId} ("${t.name}") is not active: activate it or name another template_id`);
    return t;
  }
  const t = all.find((x) => x.is_default && x.is_active);
  if (!t)
    throw badField(
      'template_id',
      'cold_intro_email needs an email template: the workspace has no active default template. Activate the default template or send template_id',
    );
  return t;
}

/** Words used where the lead lacks a value. */
const PLACEHOLDER_FALLBACKS: Record<string, string> = { first_name: 'there', title: 'a leader', company: 'your company' };

/** A lead's placeholder values. */
function placeholderValues(lead: LeadRecord, sender: string): Record<string, string | null> {
  return {
    first_name: lead.first_name ?? lead.full_name?.split(/\s+/)[0] ?? null,
    last_name: lead.last_name,
    full_name: lead.full_name,
    title: lead.title,
    company: lead.company,
    location: lead.location,
    email: lead.email,
    sender_name: sender,
  };
}

/** The email drafted from a template for a lead: "Subject: ...", a blank line, then the body. */
export function renderTemplate(t: Pick<EmailTemplate, 'subject' | 'body'>, lead: LeadRecord, sender: string): string {
  const values = placeholderValues(lead, sender);
  const fill = (text: string) =>
    text.replace(/\{\{\s*([a-z_]+)\s*\}\}/g, (_, name: string) => ownValue(values, name) || ownValue(PLACEHOLDER_FALLBACKS, name) || '');
  return `Subject: ${fill(t.subject)}\n\n${fill(t.body)}`;
}
