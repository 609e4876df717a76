import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, uploadFile } from './index.ts';

/** A scripted XMLHttpRequest: each `send` answers with the next status, reporting progress first. */
function fakeXhr(answers: { status: number; body: unknown; headers?: Record<string, string> }[]) {
  const sent: { url: string; file: FormDataEntryValue | null }[] = [];
  class FakeXhr {
    status = 0;
    response: unknown = null;
    responseType = '';
    withCredentials = false;
    private url = '';
    private headers: Record<string, string> = {};
    private listeners = new Map<string, (() => void)[]>();
    upload = {
      listeners: [] as ((event: { lengthComputable: boolean; loaded: number; total: number }) => void)[],
      addEventListener(
        _type: string,
        listener: (event: { lengthComputable: boolean; loaded: number; total: number }) => void,
      ) {
        this.listeners.push(listener);
      },
    };
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader() {}
    getResponseHeader(name: string) {
      return this.headers[name.toLowerCase()] ?? null;
    }
    addEventListener(type: string, listener: () => void) {
      this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
    }
    abort() {
      for (const listener of this.listeners.get('abort') ?? []) listener();
    }
    send(form: FormData) {
      sent.push({ url: this.url, file: form.get('file') });
      const answer = answers.shift()!;
      queueMicrotask(() => {
        for (const listener of this.upload.listeners)
          listener({ lengthComputable: true, loaded: 50, total: 100 });
        for (const listener of this.upload.listeners)
          listener({ lengthComputable: true, loaded: 100, total: 100 });
        this.status = answer.status;
        this.response = answer.body;
        this.headers = answer.headers ?? {};
        for (const listener of this.listeners.get('load') ?? []) listener();
      });
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const file = () => new File(['png'], 'a.png', { type: 'image/png' });

describe('uploadFile', () => {
  it('posts the file to the bucket and reports its progress', async () => {
    const sent = fakeXhr([
      { status: 201, body: { key: 'posts/1.png', url: 'http://x/api/files/posts/1.png' } },
    ]);
    const progress: number[] = [];
    await expect(uploadFile('posts', file(), (n) => progress.push(n))).resolves.toEqual({
      key: 'posts/1.png',
      url: 'http://x/api/files/posts/1.png',
    });
    expect(sent[0]?.url).toBe('/api/uploads/posts');
    expect((sent[0]!.file as File).name).toBe('a.png');
    expect(progress).toEqual([50, 100]);
  });

  it('refreshes the session once after a 401 and sends again', async () => {
    const sent = fakeXhr([
      { status: 401, body: { error: 'Unauthorized' } },
      { status: 201, body: { key: 'postsComments/2.png', url: 'u' } },
    ]);
    const refresh = vi.spyOn(api, 'refreshSession').mockResolvedValue(true);
    await expect(uploadFile('postsComments', file(), () => {})).resolves.toEqual({
      key: 'postsComments/2.png',
      url: 'u',
    });
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(sent).toHaveLength(2);
  });

  it('fails with the server’s words', async () => {
    fakeXhr([{ status: 413, body: { error: 'The file is too large. Max size is 5 MB.' } }]);
    await expect(uploadFile('posts', file(), () => {})).rejects.toMatchObject({
      status: 413,
      message: 'The file is too large. Max size is 5 MB.',
    });
  });

  it('keeps the request id of a refusal, from the body first, else the X-Request-Id header', async () => {
    fakeXhr([
      {
        status: 413,
        body: { error: 'The file is too large. Max size is 5 MB.', requestId: '8f1c2a3b4d5e6f70-AMS' },
        headers: { 'x-request-id': 'from-the-header' },
      },
      { status: 502, body: null, headers: { 'x-request-id': '01JD8X3Q4R5S6T7V8W9X0Y1Z2A' } },
      { status: 500, body: { error: 'Internal server error' } },
    ]);
    await expect(uploadFile('posts', file(), () => {})).rejects.toMatchObject({
      requestId: '8f1c2a3b4d5e6f70-AMS',
    });
    await expect(uploadFile('posts', file(), () => {})).rejects.toMatchObject({
      status: 502,
      requestId: '01JD8X3Q4R5S6T7V8W9X0Y1Z2A',
    });
    await expect(uploadFile('posts', file(), () => {})).rejects.toMatchObject({ requestId: null });
  });
});
