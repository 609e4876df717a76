// Sends checked import rows to the server in batches (POST /api/admin-panel/users/import/{adminId},
// at most 500 rows each) and turns the answers' per-batch indexes back into file row numbers. Used for
// the preview (`dryRun`) and for the import itself. Pure: no DOM or React, `send` does the HTTP.
import { type ImportUserRow, importRowFailed } from '@community/domain';

/**
 * Rows per request: the server's maximum. Each request has a fixed cost (auth, a transaction, the
 * duplicate check), so 10,000 users in 20 requests import several times faster than in 100, and the
 * progress bar still moves in steps of 5 %.
 */
export const IMPORT_BATCH_SIZE = 500;

export type ImportCandidate = { rowNumber: number; user: ImportUserRow };
/**
 * The server's answer for one batch; `index` is the row's position in that batch. `skipped` lists
 * rows left alone with a note (a member who already exists, a SUPER_ADMIN): not errors.
 */
export type BatchAnswer = {
  created: number;
  errors: { index: number; message: string }[];
  skipped?: { index: number; message: string }[];
};
export type RowError = { rowNumber: number; message: string };
export type ImportProgress = { done: number; total: number; percent: number };
export type ImportResult = { created: number; errors: RowError[]; skipped: RowError[] };

export type ImportOptions = {
  batchSize?: number;
  /** Stops between batches (a closed dialog); the batch in flight still finishes on the server. */
  signal?: AbortSignal;
};

const percentOf = (done: number, total: number) => (total === 0 ? 100 : Math.floor((done / total) * 100));

/**
 * Sends `rows` in order, one batch at a time (a later batch may depend on an earlier one's emails and
 * pseudos). A batch that fails as a whole marks each of its rows with the spec's
 * "Row N: Sorry, an error occured please try again" and the import goes on with the next batch.
 */
export async function importInBatches(
  rows: readonly ImportCandidate[],
  send: (batch: ImportUserRow[]) => Promise<BatchAnswer>,
  onProgress?: (progress: ImportProgress) => void,
  options: ImportOptions = {},
): Promise<ImportResult> {
  const batchSize = Math.max(1, Math.floor(options.batchSize ?? IMPORT_BATCH_SIZE));
  const total = rows.length;
  let created = 0;
  const errors: RowError[] = [];
  const skipped: RowError[] = [];
  onProgress?.({ done: 0, total, percent: percentOf(0, total) });
  for (let start = 0; start < total; start += batchSize) {
    options.signal?.throwIfAborted();
    const batch = rows.slice(start, start + batchSize);
    try {
      const answer = await send(batch.map((row) => row.user));
      created += answer.created;
      for (const { index, message } of answer.errors) {
        const row = batch[index];
        if (row) errors.push({ rowNumber: row.rowNumber, message });
      }
      for (const { index, message } of answer.skipped ?? []) {
        const row = batch[index];
        if (row) skipped.push({ rowNumber: row.rowNumber, message });
      }
    } catch (error) {
      if (options.signal?.aborted) throw error;
      for (const row of batch)
        errors.push({ rowNumber: row.rowNumber, message: importRowFailed(row.rowNumber) });
    }
    const done = Math.min(total, start + batch.length);
    onProgress?.({ done, total, percent: percentOf(done, total) });
  }
  errors.sort((a, b) => a.rowNumber - b.rowNumber);
  skipped.sort((a, b) => a.rowNumber - b.rowNumber);
  return { created, errors, skipped };
}
