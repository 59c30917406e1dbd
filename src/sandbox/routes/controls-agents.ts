import type { RouteDef } from '../router.js';
import type { RequestContext } from '../context.js';
import type { OrganizationRecord } from '../store.js';
import { notFound } from '../engine/errors.js';
import { parseBody } from '../engine/validation.js';
import { orgOf } from './controls.js';
import { CONTROL } from '../control-endpoints.js';
import { AgentSettingsBody, NewTemplateBody, OrganizationQuery, TemplateChangeBody } from '../control-bodies.js';
import { agentsArea, settleAgentRuns } from '../engine/agents.js';
import { addTemplate, makeDefault, templatesOf } from '../engine/email-templates.js';

/**
 * Test controls of smart agents: the pace of runs on the sandbox clock, runs that fail as a
 * whole (fail_next), agent types switched off (501 feature_not_available), and the email
 * templates of an organization (list, add, activate or deactivate; `default` names the
 * default template). Everything lives in the store's state: a reset restores it.
 */

function view(ctx: RequestContext) {
  settleAgentRuns(ctx.services);
  const area = agentsArea(ctx.store);
  return { settings: area.settings, active: [...area.active] };
}

function configure(ctx: RequestContext) {
  const b = parseBody(AgentSettingsBody, ctx.body);
  const s = agentsArea(ctx.store).settings;
  for (const [part, ms] of Object.entries(b.pace ?? {})) if (ms !== undefined) s.pace[part as keyof typeof s.pace] = ms;
  if (b.fail_next !== undefined) s.fail_next = b.fail_next;
  if (b.unavailable !== undefined) s.unavailable = [...new Set(b.unavailable)];
  return view(ctx);
}

const templatesView = (ctx: RequestContext, org: OrganizationRecord) => ({
  organization_id: org.id,
  templates: templatesOf(ctx.store, org.id, ctx.clock.iso()),
});

function listTemplates(ctx: RequestContext) {
  const q = parseBody(OrganizationQuery, Object.fromEntries(ctx.query));
  return templatesView(ctx, orgOf(ctx, q.organization_id));
}

function createTemplate(ctx: RequestContext) {
  const b = parseBody(NewTemplateBody, ctx.body);
  const org = orgOf(ctx, b.organization_id);
  return addTemplate(ctx.store, org.id, ctx.clock.iso(), {
    name: b.name,
    subject: b.subject,
    body: b.body,
    is_active: b.is_active ?? true,
    is_default: b.is_default ?? false,
  });
}

function changeTemplate(ctx: RequestContext) {
  const b = parseBody(TemplateChangeBody, ctx.body);
  const org = orgOf(ctx, b.organization_id);
  const all = templatesOf(ctx.store, org.id, ctx.clock.iso());
  const id = ctx.params.template_id ?? '';
  const t = id === 'default' ? all.find((x) => x.is_default) : all.find((x) => x.template_id === id);
  if (!t) throw notFound(`Unknown email template ${id} of organization ${org.id}`);
  if (b.is_active !== undefined) t.is_active = b.is_active;
  if (b.is_default === true) makeDefault(all, t);
  else if (b.is_default === false) t.is_default = false;
  return t;
}

export const agentControlRoutes: RouteDef[] = [
  { endpoint: CONTROL.agents.get, handler: view },
  { endpoint: CONTROL.agents.set, handler: configure },
  { endpoint: CONTROL.emailTemplates.list, handler: listTemplates },
  { endpoint: CONTROL.emailTemplates.create, handler: createTemplate },
  { endpoint: CONTROL.emailTemplates.update, handler: changeTemplate },
];
