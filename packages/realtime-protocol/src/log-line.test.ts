import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorFields, logLine, redacted } from './log-line.ts';

afterEach(() => vi.restoreAllMocks());

describe('log lines', () => {
  it('are one JSON object, written at their level', () => {
    const info = vi.spyOn(console, 'log').mockImplementation(() => {});
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    logLine('info', 'request', { requestId: 'r-1', status: 200 });
    logLine('error', 'request', { requestId: 'r-2', status: 500 });
    expect(JSON.parse(String(info.mock.calls[0]))).toEqual({
      level: 'info',
      message: 'request',
      requestId: 'r-1',
      status: 200,
    });
    expect(JSON.parse(String(error.mock.calls[0]))).toMatchObject({ level: 'error', requestId: 'r-2' });
  });

  it('never carry a failed query’s parameters nor an email', () => {
    const failed = new Error(
      'Failed query: insert into space_messages (content) values ($1)\nparams: my secret words',
    );
    const fields = errorFields(failed);
    expect(fields.message).toBe(
      'Failed query: insert into space_messages (content) values ($1)\nparams: [redacted]',
    );
    expect(fields.stack).not.toContain('my secret words');
    expect(redacted('550 5.1.1 <kim.lee@mail.example.org>: Recipient address rejected')).toBe(
      '550 5.1.1 <[email]>: Recipient address rejected',
    );
    // A scoped package in a stack trace is no email.
    expect(redacted('at node_modules/@community/ui/src/x.ts:1')).toBe(
      'at node_modules/@community/ui/src/x.ts:1',
    );
  });
});
