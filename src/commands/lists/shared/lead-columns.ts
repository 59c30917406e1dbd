/** The columns of a lead row a person scans in a table (csv, tsv and json keep every field). */
export const LEAD_TABLE_COLUMNS = ['full_name', 'title', 'company', 'location', 'email', 'phone', 'lead_id'] as const;
