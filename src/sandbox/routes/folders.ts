import { UUID_PATTERN, type Folder } from '../../api/schemas/lists.js';
import type { RouteDef } from '../router.js';
import { API } from '../../api/endpoints/index.js';
import { reply, type RequestContext } from '../context.js';
import { genericError } from '../engine/errors.js';
import { entryBody } from '../engine/validation.js';
import { listsArea, ownsFolder, type FolderRecord } from '../engine/lists.js';

/**
 * v1-only POST /folders (no scope check): a folder of the caller's, optionally inside
 * another of theirs. Lists move into folders with PATCH /lead-lists/{list_id}. Like the
 * other v1-only routes it answers its own errors in the generic uppercase shape: a parent_id
 * that is not a UUID is 400 BAD_REQUEST, one that is not a folder of the caller's is 404
 * RESOURCE_NOT_FOUND (a body that fails its schema stays the 422 validation_error, as on v1).
 */

function create(ctx: RequestContext) {
  const body = entryBody(API.folders.create, ctx.body);
  const p = ctx.caller;
  const parentId = body.parent_id ?? null;
  if (parentId !== null) {
    if (!UUID_PATTERN.test(parentId)) throw genericError(400, 'BAD_REQUEST', `parent_id must be a folder UUID, got "${parentId}"`);
    if (!ownsFolder(ctx.store, p, parentId)) throw genericError(404, 'RESOURCE_NOT_FOUND', `Folder ${parentId} not found`);
  }
  const folder: FolderRecord = {
    folder_id: ctx.store.nextUuid('folder'),
    organization_id: p.organization.id,
    owner_id: p.user.id,
    name: body.name,
    parent_id: parentId,
    created_at: ctx.clock.iso(),
  };
  listsArea(ctx.store).folders[folder.folder_id] = folder;
  const out: Folder = { folder_id: folder.folder_id, name: folder.name, parent_id: folder.parent_id, created_at: folder.created_at };
  return reply(out, 201);
}

export const folderRoutes: RouteDef[] = [{ endpoint: API.folders.create, handler: create }];
