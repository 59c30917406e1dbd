import { LIST_LIMITS, type DeleteListResponse, type ListDetail, type ListsPage } from '../../api/schemas/lists.js';
import type { RouteDef } from '../router.js';
import { API } from '../../api/endpoints/index.js';
import { reply, type RequestContext } from '../context.js';
import { queryInt, entryBody } from '../engine/validation.js';
import { cursorBinding, pageWindow } from '../engine/cursors.js';
import {
  checkListCap,
  deleteList,
  insertList,
  listDetail,
  listNotEditable,
  listNotFound,
  listProtected,
  listSummary,
  ownFolder,
  ownListNamed,
  visibleList,
  visibleLists,
  type ListRecord,
} from '../engine/lists.js';

/**
 * The lead lists themselves: create (idempotent on the name among the caller's own lists),
 * page through the visible ones, read, update and delete. Their leads are in lead-list-leads.ts.
 */

const LISTS_ENDPOINT = 'GET /lead-lists';

function create(ctx: RequestContext) {
  const body = entryBody(API.lists.create, ctx.body);
  const p = ctx.caller;
  if (body.folder_id !== undefined) ownFolder(ctx.store, p, body.folder_id);
  const existing = ownListNamed(ctx.store, p, body.name);
  if (existing) return { ...listDetail(ctx.store, ctx.clock, existing), reused: true };
  checkListCap(ctx.store, p.organization);
  const list = insertList(ctx.store, ctx.clock, {
    organization_id: p.organization.id,
    owner_id: p.user.id,
    name: body.name,
    description: body.description ?? null,
    folder_id: body.folder_id ?? null,
  });
  return reply({ ...listDetail(ctx.store, ctx.clock, list), reused: false }, 201);
}

function page(ctx: RequestContext): ListsPage {
  const limit = queryInt(ctx.query, 'limit', LIST_LIMITS.listsPage);
  const folderId = ctx.query.get('folder_id') ?? undefined;
  const p = ctx.caller;
  if (folderId !== undefined) ownFolder(ctx.store, p, folderId);
  const lists = visibleLists(ctx.store, p, folderId);
  const binding = cursorBinding(LISTS_ENDPOINT, { user: p.user.id, organization: p.organization.id, folder_id: folderId ?? null });
  const w = pageWindow(
    ctx.store.state.jwt_secret,
    { cursor: ctx.query.get('cursor') ?? undefined, binding, pageSize: limit },
    lists.length,
  );
  return {
    lists: lists.slice(w.offset, w.end).map((l) => listSummary(ctx.store, l)),
    total: lists.length,
    cursor: w.cursor,
    timestamp_ms: ctx.clock.now(),
  };
}

const listIdOf = (ctx: RequestContext): string => ctx.params.list_id ?? '';

function read(ctx: RequestContext): ListDetail {
  return listDetail(ctx.store, ctx.clock, visibleList(ctx.store, ctx.caller, listIdOf(ctx)));
}

/** The list if the caller owns it; a member who can only see it gets 403 list_not_editable, anyone else 404. */
function ownedList(ctx: RequestContext): ListRecord {
  const list = visibleList(ctx.store, ctx.caller, listIdOf(ctx));
  if (list.owner_id !== ctx.caller.user.id) throw listNotEditable(list);
  return list;
}

/**
 * PATCH: present fields change. A protected list refuses a new name (403 list_protected) but
 * takes a description or a folder. Names need not be unique: renaming to the name of another
 * of the caller's lists is allowed (only create reuses by name).
 */
function update(ctx: RequestContext): ListDetail {
  const body = entryBody(API.lists.update, ctx.body);
  const list = ownedList(ctx);
  const renaming = body.name !== undefined && body.name !== list.name;
  if (renaming && list.protected) throw listProtected(list, 'rename');
  if (body.folder_id != null) ownFolder(ctx.store, ctx.caller, body.folder_id);
  if (renaming) list.name = body.name!;
  if (body.description !== undefined) list.description = body.description;
  if (body.folder_id !== undefined) list.folder_id = body.folder_id;
  return listDetail(ctx.store, ctx.clock, list);
}

/** DELETE: owner only (anyone else, even one who can see the list, gets 404); protected lists stay. */
function remove(ctx: RequestContext): DeleteListResponse {
  const list = visibleList(ctx.store, ctx.caller, listIdOf(ctx));
  if (list.owner_id !== ctx.caller.user.id) throw listNotFound(list.list_id);
  if (list.protected) throw listProtected(list, 'delete');
  deleteList(ctx.store, list);
  return { list_id: list.list_id, deleted: true, timestamp_ms: ctx.clock.now() };
}

export const leadListRoutes: RouteDef[] = [
  { endpoint: API.lists.create, handler: create },
  { endpoint: API.lists.list, handler: page },
  { endpoint: API.lists.get, handler: read },
  { endpoint: API.lists.update, handler: update },
  { endpoint: API.lists.delete, handler: remove },
];
