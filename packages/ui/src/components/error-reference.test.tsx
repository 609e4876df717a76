import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EmptyState } from './empty-state.tsx';
import { ErrorReference, REFERENCE_COPIED_MS } from './error-reference.tsx';

const ID = '8f1c2a3b4d5e6f70-AMS';

function stubClipboard(writeText: (text: string) => Promise<void>) {
  vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  window.getSelection()?.removeAllRanges();
});

describe('ErrorReference', () => {
  it('shows "Reference: <id>" with a named Copy button', () => {
    render(<ErrorReference reference={ID} />);
    const line = screen.getByText(ID).closest('[data-part="reference"]');
    expect(line?.textContent).toBe(`Reference: ${ID}Copy`);
    expect(screen.getByText(ID).tagName).toBe('CODE');
    expect(screen.getByRole('button', { name: 'Copy reference' }).textContent).toBe('Copy');
  });

  it('renders nothing without a reference', () => {
    const { container } = render(
      <>
        <ErrorReference reference={null} />
        <ErrorReference reference="" />
        <ErrorReference reference={undefined} />
      </>,
    );
    expect(container.innerHTML).toBe('');
  });

  it('copies the id, then says "Copied" for 2 s', async () => {
    vi.useFakeTimers();
    const writeText = vi.fn(async () => {});
    stubClipboard(writeText);
    render(<ErrorReference reference={ID} />);

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Copy reference' })));

    expect(writeText).toHaveBeenCalledWith(ID);
    const copied = screen.getByRole('button', { name: 'Reference copied' });
    expect(copied.textContent).toBe('Copied');
    act(() => vi.advanceTimersByTime(REFERENCE_COPIED_MS - 1));
    expect(screen.getByRole('button', { name: 'Reference copied' })).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('button', { name: 'Copy reference' }).textContent).toBe('Copy');
  });

  it('selects the id to be copied by hand when the clipboard is refused', async () => {
    stubClipboard(() => Promise.reject(new DOMException('Denied', 'NotAllowedError')));
    render(<ErrorReference reference={ID} />);

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Copy reference' })));

    expect(window.getSelection()?.toString()).toBe(ID);
    expect(screen.getByRole('button', { name: 'Copy reference' }).textContent).toBe('Copy');
  });

  it('selects the id where the page has no clipboard at all (an insecure origin)', async () => {
    vi.stubGlobal('navigator', { ...navigator, clipboard: undefined });
    render(<ErrorReference reference={ID} />);

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Copy reference' })));

    expect(window.getSelection()?.toString()).toBe(ID);
  });
});

describe('EmptyState as an error', () => {
  it('shows the reference under its text', () => {
    render(<EmptyState title="Unable to load posts" description="Try again." reference={ID} />);
    expect(screen.getByText('Unable to load posts')).toBeTruthy();
    expect(screen.getByText(ID)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy reference' })).toBeTruthy();
  });

  it('shows none when it has none', () => {
    render(<EmptyState title="No posts yet" />);
    expect(screen.queryByText(/Reference/)).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
