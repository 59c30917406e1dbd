/**
 * How many records a CSV holds after its header line: line breaks inside quoted fields do not
 * end a record, and blank lines are not records. An estimate of a CSV import's enrichment is
 * quoted for this many rows (the import enriches at most that many).
 */
export function countCsvRecords(csv: string): number {
  let records = 0;
  let quoted = false;
  let filled = false;
  for (let i = 0; i < csv.length; i++) {
    const c = csv[i];
    if (c === '"') quoted = !quoted;
    if (!quoted && (c === '\n' || c === '\r')) {
      if (filled) records++;
      filled = false;
      continue;
    }
    filled = true;
  }
  if (filled) records++;
  return Math.max(0, records - 1);
}
