import type { ListDetail } from '../../../api/schemas/lists.js';
import type { Context } from '../../../cli/context.js';

/** Keys of a list's detail object shown in a table, csv or tsv. */
export const LIST_DETAIL_FIELDS = ['list_id', 'name', 'description', 'lead_count', 'enriched_count', 'folder_id', 'created_at'] as const;

/** The columns of a list summary a person scans. */
export const LIST_TABLE_COLUMNS = ['name', 'lead_count', 'visibility', 'owner_name', 'folder_id', 'list_id', 'created_at'] as const;

export function printListDetail(ctx: Context, list: ListDetail): Promise<void> {
  return ctx.out.print({ kind: 'object', payload: list, fields: LIST_DETAIL_FIELDS });
}
