import { ApiError } from '@community/api-client';
import { toast } from '@community/ui';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { announceSaved, reportSaveFailure } from './save-feedback.ts';

afterEach(() => vi.restoreAllMocks());

describe('event save feedback', () => {
  it('says "Success!" and nothing more when the event was announced', () => {
    const success = vi.spyOn(toast, 'success');
    const info = vi.spyOn(toast, 'info');
    announceSaved({ announced: true });
    expect(success).toHaveBeenCalledWith('Success!');
    expect(info).not.toHaveBeenCalled();
  });

  it('adds the note when the announcement could not be sent', () => {
    const info = vi.spyOn(toast, 'info');
    announceSaved({ announced: false });
    expect(info).toHaveBeenCalledWith("Note: Event created but announcement couldn't be sent");
  });

  it('says "Error!" with the create or update text and hands the server’s field errors back', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const error = vi.spyOn(toast, 'error');
    const refused = new ApiError(
      400,
      'Check the event date',
      [{ path: 'endDate', message: 'Check the event date' }],
      null,
      'req-1',
    );
    expect(reportSaveFailure('create', refused)).toEqual({ endDate: 'Check the event date' });
    // The field error goes next to its field; the toast carries the reference.
    expect(error).toHaveBeenLastCalledWith('Error!', 'Error occured while creating event!', {
      reference: 'req-1',
    });
    expect(reportSaveFailure('update', new ApiError(403, 'Only the author can edit this event.'))).toBeNull();
    expect(error).toHaveBeenLastCalledWith('Error!', 'Error occured while updating event!', {
      reference: null,
    });
  });
});
