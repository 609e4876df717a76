// @vitest-environment node
// Pure logic, also run from a Node benchmark: no DOM here.
import type { ImportUserRow } from '@community/domain';
import { describe, expect, it, vi } from 'vitest';
import { type BatchAnswer, type ImportCandidate, importInBatches } from './import-batches.ts';

const candidates = (count: number, firstRow = 2): ImportCandidate[] =>
  Array.from({ length: count }, (_, i) => ({
    rowNumber: firstRow + i,
    user: {
      firstName: 'F',
      lastName: `L${i}`,
      pseudo: `p${i}`,
      email: `u${i}@example.com`,
      role: 'USER',
      isBlocked: false,
      features: [],
    },
  }));

const acceptAll = async (batch: ImportUserRow[]): Promise<BatchAnswer> => ({
  created: batch.length,
  errors: [],
});

describe('import in batches', () => {
  it('sends 500 rows per request (the server’s maximum), in order, not one request per row', async () => {
    const send = vi.fn(acceptAll);
    const result = await importInBatches(candidates(1100), send);
    expect(send.mock.calls.map(([batch]) => batch.length)).toEqual([500, 500, 100]);
    expect(send.mock.calls[1]?.[0][0]?.pseudo).toBe('p500');
    expect(result).toEqual({ created: 1100, errors: [], skipped: [] });
  });

  it('reports percent progress from 0 to 100 after every batch', async () => {
    const progress: number[] = [];
    await importInBatches(candidates(5), acceptAll, (p) => progress.push(p.percent), { batchSize: 2 });
    expect(progress).toEqual([0, 40, 80, 100]);
  });

  it('maps the server’s per-batch indexes back to file row numbers', async () => {
    const send = vi
      .fn<(batch: ImportUserRow[]) => Promise<BatchAnswer>>()
      .mockResolvedValueOnce({
        created: 1,
        errors: [{ index: 1, message: 'An account with this email already exists.' }],
      })
      .mockResolvedValueOnce({
        created: 1,
        errors: [{ index: 0, message: 'This pseudo is already taken.' }],
      });
    const result = await importInBatches(candidates(4, 7), send, undefined, { batchSize: 2 });
    expect(result).toEqual({
      created: 2,
      errors: [
        { rowNumber: 8, message: 'An account with this email already exists.' },
        { rowNumber: 9, message: 'This pseudo is already taken.' },
      ],
      skipped: [],
    });
  });

  it('keeps the rows the server skipped as notes by file row number, apart from the errors', async () => {
    const send = vi
      .fn<(batch: ImportUserRow[]) => Promise<BatchAnswer>>()
      .mockResolvedValueOnce({
        created: 0,
        errors: [],
        skipped: [{ index: 1, message: 'Skipped: u1@example.com is already a member' }],
      })
      .mockResolvedValueOnce({ created: 2, errors: [] }); // an answer without `skipped` is fine too
    const result = await importInBatches(candidates(4, 7), send, undefined, { batchSize: 2 });
    expect(result).toEqual({
      created: 2,
      errors: [],
      skipped: [{ rowNumber: 8, message: 'Skipped: u1@example.com is already a member' }],
    });
  });

  it('marks every row of a failed batch with the spec’s retry message and carries on', async () => {
    const send = vi
      .fn<(batch: ImportUserRow[]) => Promise<BatchAnswer>>()
      .mockRejectedValueOnce(new Error('502'))
      .mockImplementationOnce(acceptAll);
    const result = await importInBatches(candidates(3), send, undefined, { batchSize: 2 });
    expect(result).toEqual({
      created: 1,
      errors: [
        { rowNumber: 2, message: 'Row 2: Sorry, an error occured please try again' },
        { rowNumber: 3, message: 'Row 3: Sorry, an error occured please try again' },
      ],
      skipped: [],
    });
  });

  it('stops between batches once aborted', async () => {
    const controller = new AbortController();
    const send = vi.fn(async (batch: ImportUserRow[]) => {
      controller.abort();
      return acceptAll(batch);
    });
    await expect(
      importInBatches(candidates(4), send, undefined, { batchSize: 2, signal: controller.signal }),
    ).rejects.toThrow();
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('finishes at once, at 100 %, with nothing to send', async () => {
    const send = vi.fn(acceptAll);
    const onProgress = vi.fn();
    expect(await importInBatches([], send, onProgress)).toEqual({ created: 0, errors: [], skipped: [] });
    expect(send).not.toHaveBeenCalled();
    expect(onProgress).toHaveBeenCalledWith({ done: 0, total: 0, percent: 100 });
  });
});
