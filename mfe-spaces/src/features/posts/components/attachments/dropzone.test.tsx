import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signInWith, signOut } from '../../../../lib/signed-in.test-helper.ts';
import { COMMENT_UPLOAD_RULES, POST_UPLOAD_RULES, type UploadRules } from './attachment-rules.ts';
import { Dropzone } from './dropzone.tsx';
import { type Uploader, useUploads } from './use-uploads.ts';

beforeEach(() => {
  signInWith(['content', 'posts']);
});

afterEach(() => {
  cleanup();
  signOut();
  vi.restoreAllMocks();
});

function Harness({ rules = POST_UPLOAD_RULES, uploader }: { rules?: UploadRules; uploader: Uploader }) {
  const uploads = useUploads(rules, uploader);
  return (
    <>
      <Dropzone uploads={uploads} />
      <output data-testid="attachments">{JSON.stringify(uploads.attachments)}</output>
    </>
  );
}

const png = (name: string, bytes = 3) => new File([new Uint8Array(bytes)], name, { type: 'image/png' });
const pick = (files: File[]) =>
  fireEvent.change(screen.getByTestId('post-attachment-input'), { target: { files } });

/** An upload the test finishes by hand, reporting progress on the way. */
function manualUploader() {
  const pending: { progress: (n: number) => void; resolve: (value: { key: string; url: string }) => void }[] =
    [];
  const uploader = vi.fn<Uploader>(
    (_bucket, _file, onProgress) =>
      new Promise((resolve) => {
        pending.push({ progress: onProgress, resolve });
      }),
  );
  return { uploader, pending };
}

describe('dropzone', () => {
  it('refuses a file over 5 MB with the spec’s text and does not upload it', async () => {
    const { uploader } = manualUploader();
    render(<Harness uploader={uploader} />);
    pick([png('big.png', 5 * 1024 * 1024 + 1)]);
    expect((await screen.findByRole('alert')).textContent).toBe('The file is too large. Max size is 5 MB.');
    expect(uploader).not.toHaveBeenCalled();
  });

  it('refuses a type the bucket does not take with "Invalid file type."', async () => {
    const { uploader } = manualUploader();
    render(<Harness uploader={uploader} />);
    pick([new File(['x'], 'notes.txt', { type: 'text/plain' })]);
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid file type.');
    pick([new File(['x'], 'movie.mov', { type: 'video/quicktime' })]);
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid file type.');
    expect(uploader).not.toHaveBeenCalled();
  });

  it('takes video, audio and PDF on a post, each as its own kind of attachment', async () => {
    const { uploader, pending } = manualUploader();
    render(<Harness uploader={uploader} />);
    const input = screen.getByTestId('post-attachment-input');
    for (const type of [
      'video/mp4',
      'video/webm',
      'audio/mpeg',
      'audio/ogg',
      'audio/wav',
      'application/pdf',
    ]) {
      expect(input.getAttribute('accept')).toContain(type);
    }
    pick([
      new File([new Uint8Array(3)], 'clip.mp4', { type: 'video/mp4' }),
      // What a browser's voice recorder makes: its type carries the codec.
      new File([new Uint8Array(3)], 'voice.webm', { type: 'audio/webm;codecs=opus' }),
      new File([new Uint8Array(3)], 'song.m4a', { type: 'audio/x-m4a' }),
      new File([new Uint8Array(3)], 'slides.pdf', { type: 'application/pdf' }),
    ]);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(uploader).toHaveBeenCalledTimes(4);
    for (const [index, upload] of pending.entries()) {
      upload.resolve({ key: `posts/${index}`, url: `http://x/${index}` });
    }
    await waitFor(() =>
      expect(JSON.parse(screen.getByTestId('attachments').textContent!)).toEqual([
        { name: 'clip.mp4', url: 'http://x/0', type: 'video' },
        { name: 'voice.webm', url: 'http://x/1', type: 'audio' },
        { name: 'song.m4a', url: 'http://x/2', type: 'audio' },
        { name: 'slides.pdf', url: 'http://x/3', type: 'file' },
      ]),
    );
  });

  it('takes video and audio up to 25 MB, images and PDF up to 5 MB, in the spec’s words', async () => {
    const { uploader } = manualUploader();
    render(<Harness uploader={uploader} />);
    const sized = (name: string, type: string, bytes: number) =>
      new File([new Uint8Array(bytes)], name, { type });
    pick([sized('long.mp4', 'video/mp4', 25 * 1024 * 1024 + 1)]);
    expect((await screen.findByRole('alert')).textContent).toBe('The file is too large. Max size is 25 MB.');
    pick([sized('big.pdf', 'application/pdf', 5 * 1024 * 1024 + 1)]);
    expect((await screen.findByRole('alert')).textContent).toBe('The file is too large. Max size is 5 MB.');
    expect(uploader).not.toHaveBeenCalled();
    pick([sized('talk.mp3', 'audio/mpeg', 20 * 1024 * 1024)]);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(uploader).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Drop files here · up to 10, 5 MB each, video and audio 25 MB')).toBeTruthy();
  });

  it('refuses more files than allowed with "You can only add {n} file(s)."', async () => {
    const { uploader } = manualUploader();
    render(<Harness uploader={uploader} />);
    pick(Array.from({ length: 11 }, (_, i) => png(`p${i}.png`)));
    expect((await screen.findByRole('alert')).textContent).toBe('You can only add 10 file(s).');
    expect(uploader).not.toHaveBeenCalled();
    pick(Array.from({ length: 9 }, (_, i) => png(`p${i}.png`)));
    pick([png('ten.png'), png('eleven.png')]);
    expect((await screen.findByRole('alert')).textContent).toBe('You can only add 10 file(s).');
    expect(uploader).toHaveBeenCalledTimes(9);
  });

  it('allows one image on a comment', async () => {
    const { uploader } = manualUploader();
    render(<Harness rules={COMMENT_UPLOAD_RULES} uploader={uploader} />);
    pick([png('a.png'), png('b.png')]);
    expect((await screen.findByRole('alert')).textContent).toBe('You can only add 1 file(s).');
    pick([new File(['x'], 'clip.mp4', { type: 'video/mp4' })]);
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid file type.');
    expect(screen.getByTestId('post-attachment-input').getAttribute('accept')).not.toContain('video');
    expect(uploader).not.toHaveBeenCalled();
  });

  it('shows each file’s progress and makes it an attachment when the upload ends', async () => {
    const { uploader, pending } = manualUploader();
    render(<Harness uploader={uploader} />);
    pick([png('one.png'), png('two.png')]);
    expect(uploader).toHaveBeenCalledWith(
      'posts',
      expect.any(File),
      expect.any(Function),
      expect.any(AbortSignal),
    );
    const bar = screen.getByRole('progressbar', { name: 'Uploading one.png' });
    expect(bar.getAttribute('aria-valuenow')).toBe('0');
    pending[0]!.progress(40);
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('40'));
    expect(screen.getByRole('progressbar', { name: 'Uploading two.png' }).getAttribute('aria-valuenow')).toBe(
      '0',
    );
    pending[0]!.resolve({ key: 'posts/1.png', url: 'http://x/api/files/posts/1.png' });
    await waitFor(() => expect(screen.queryByRole('progressbar', { name: 'Uploading one.png' })).toBeNull());
    expect(JSON.parse(screen.getByTestId('attachments').textContent!)).toEqual([
      { name: 'one.png', url: 'http://x/api/files/posts/1.png', type: 'img' },
    ]);
  });

  it('removes a file, aborting its upload', async () => {
    const { uploader } = manualUploader();
    render(<Harness uploader={uploader} />);
    pick([png('gone.png')]);
    const signal = uploader.mock.calls[0]![3]!;
    await userEvent.click(screen.getByRole('button', { name: 'Remove gone.png' }));
    expect(signal.aborted).toBe(true);
    expect(screen.queryByRole('listitem', { name: 'gone.png' })).toBeNull();
  });

  it('says why an upload failed, in the server’s words', async () => {
    const { ApiError } = await import('@community/api-client');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const uploader = vi.fn<Uploader>(async () => {
      throw new ApiError(400, 'Invalid file type.');
    });
    render(<Harness uploader={uploader} />);
    pick([png('fake.png')]);
    expect((await screen.findByRole('alert')).textContent).toBe('Upload failed: Invalid file type.');
    expect(screen.queryByRole('listitem', { name: 'fake.png' })).toBeNull();
  });

  it('takes dropped files like picked ones', async () => {
    const { uploader } = manualUploader();
    render(<Harness uploader={uploader} />);
    fireEvent.drop(screen.getByTestId('dropzone'), { dataTransfer: { files: [png('dropped.png')] } });
    expect(await screen.findByRole('progressbar', { name: 'Uploading dropped.png' })).toBeTruthy();
  });

  it('is not there at all without the content feature', () => {
    signInWith(['posts']);
    render(<Harness uploader={vi.fn<Uploader>()} />);
    expect(screen.queryByTestId('post-attachment-input')).toBeNull();
    expect(screen.queryByRole('button', { name: /attach|add files|choose/i })).toBeNull();
  });
});
