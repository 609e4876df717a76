// The rows of a raw `db.execute(sql…)`, whichever driver ran it: Neon's HTTP driver answers
// `{ rows }`, a session may answer the array itself.
export function rowsOf<Row>(result: unknown): Row[] {
  if (Array.isArray(result)) return result as Row[];
  const rows = (result as { rows?: unknown } | null)?.rows;
  return Array.isArray(rows) ? (rows as Row[]) : [];
}
