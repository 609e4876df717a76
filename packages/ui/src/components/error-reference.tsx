// "Reference: <id>" under a failure (a toast, an error card): the server's id of the request that failed
// (`referenceOf(error)` of @community/api-client), which its log line carries, so a member has something
// to give the admin (issue 34). The id is an opaque string of at most 100 characters of [A-Za-z0-9._:-];
// it breaks anywhere rather than overflow a phone's toast. Copy puts it on the clipboard; where the
// clipboard is refused (an insecure origin, a browser's permission), the id is selected instead, to be
// copied by hand.
import { css, cx } from '@community/ui/styled-system/css';
import { button } from '@community/ui/styled-system/recipes';
import { Check, Copy } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';

/** How long the button says "Copied" after a copy. */
export const REFERENCE_COPIED_MS = 2000;

export type ErrorReferenceProps = {
  /** The request id; nothing is rendered for null or an empty string. */
  reference: string | null | undefined;
  className?: string;
};

export function ErrorReference({ reference, className }: ErrorReferenceProps) {
  const [copied, setCopied] = useState(false);
  const idRef = useRef<HTMLElement>(null);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), REFERENCE_COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  if (!reference) return null;

  /** Selects the id on the page, for a copy by hand when the clipboard is refused. */
  const selectId = () => {
    const id = idRef.current;
    const selection = id ? window.getSelection() : null;
    if (id && selection) selection.selectAllChildren(id);
  };

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(reference);
      setCopied(true);
    } catch {
      setCopied(false);
      selectId();
    }
  };

  return (
    <div
      data-part="reference"
      className={cx(
        css({
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          columnGap: '2',
          rowGap: '1',
          textStyle: 'xs',
          color: 'fg.muted',
        }),
        className,
      )}
    >
      <span className={css({ minW: '0', overflowWrap: 'anywhere' })}>
        Reference:{' '}
        <code
          ref={idRef}
          className={css({
            fontFamily: 'mono',
            color: 'fg.default',
            userSelect: 'all',
            overflowWrap: 'anywhere',
          })}
        >
          {reference}
        </code>
      </span>
      <button
        type="button"
        aria-label={copied ? 'Reference copied' : 'Copy reference'}
        onClick={() => void copy()}
        className={cx(button({ variant: 'ghost', size: 'xs' }), css({ px: '1.5', gap: '1' }))}
      >
        {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
        {copied ? 'Copied' : 'Copy'}
      </button>
    </div>
  );
}
