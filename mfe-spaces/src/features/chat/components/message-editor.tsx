// One's own message as an inline editor (Slack, Discord): Enter saves, Shift+Enter breaks the line,
// Esc cancels; the same text rules as sending (the store checks them, the server again).
import { Button } from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import type { SendResult } from '../lib/chat-store.ts';

export type MessageEditorProps = {
  initial: string;
  onSave: (content: string) => SendResult;
  onCancel: () => void;
};

const editorClass = css({
  w: 'full',
  minH: '10',
  maxH: '60',
  px: '3',
  py: '2',
  mt: '1',
  resize: 'vertical',
  textStyle: 'sm',
  bg: 'bg.default',
  borderWidth: '1px',
  borderColor: 'accent.default',
  borderRadius: 'l2',
  outline: 'none',
  _focusVisible: { boxShadow: '0 0 0 1px {colors.accent.default}' },
  '&[aria-invalid=true]': { borderColor: 'danger.default' },
});

export function MessageEditor({ initial, onSave, onCancel }: MessageEditorProps) {
  const [content, setContent] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const errorId = useId();

  // Focused with the caret at the end, as in Slack and Discord.
  useEffect(() => {
    const element = textarea.current;
    if (!element) return;
    element.focus();
    element.setSelectionRange(element.value.length, element.value.length);
  }, []);

  function save() {
    const result = onSave(content);
    if (!result.ok) setError(result.error);
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onCancel();
    } else if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      save();
    }
  }

  return (
    <div data-message-editor="">
      <textarea
        ref={textarea}
        value={content}
        rows={Math.min(8, Math.max(2, content.split('\n').length))}
        aria-label="Edit message"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={editorClass}
        onChange={(event) => {
          setContent(event.target.value);
          if (error) setError(null);
        }}
        onKeyDown={onKeyDown}
      />
      {error ? (
        <p
          id={errorId}
          role="alert"
          className={css({ textStyle: 'xs', color: 'danger.text', fontWeight: 'medium' })}
        >
          {error}
        </p>
      ) : null}
      <div
        className={css({
          display: 'flex',
          alignItems: 'center',
          gap: '2',
          mt: '1',
          textStyle: 'xs',
          color: 'fg.subtle',
        })}
      >
        <Button size="xs" onClick={save}>
          Save
        </Button>
        <Button size="xs" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
        <span className={css({ hideBelow: 'sm' })}>Enter to save · Esc to cancel</span>
      </div>
    </div>
  );
}
