import { CreateFolderBody, UUID_PATTERN, type Folder } from '../../api/schemas/lists.js';
import type { RouteDef } from '../router.js';
import { reply, type RequestContext } from '../context.js';
import { publicError } from '../engine/errors.js';
import { parseBody } from '../engine/validation.js';
import { listsArea, ownFolder, type FolderRecord } from '../engine/lists.js';

/**
 * v1-only POST /folders (no scope check): a folder of the caller's, optionally inside
 * another of theirs. Lists move into folders with PATCH /lead-lists/{list_id}.
 */

function notUuid(parentId: string) {
  const msg = `parent_id must be a folder UUID, got "${parentId}"`;
  return publicError(400, {
    code: 'validation_error',
    problem: msg,
    fix: 'Send the folder_id of one of your folders as parent_id, or leave it out for a top-level folder.',
    retryable: false,
    details: { errors: [{ type: 'uuid_parsing', loc: ['body', 'parent_id'], msg }] },
  });
}

function create(ctx: RequestContext) {
  const body = parseBody(CreateFolderBody, ctx.body);
  const p = ctx.caller;
  const parentId = body.parent_id ?? null;
  if (parentId !== null) {
    if (!UUID_PATTERN.test(parentId)) throw notUuid(parentId);
    ownFolder(ctx.store, p, parentId);
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

export const folderRoutes: RouteDef[] = [{ method: 'POST', path: '/folders', kind: 'v1only', scope: null, handler: create }];
