// The Lexical editor for posts and comments. Only this module (and the toolbar) import Lexical, and
// only through a dynamic import (lazy-editor.tsx), so reading the wall never downloads it. It
// registers exactly the node types the server accepts; what it hands out is sanitised once more.

import { css, cx } from '@community/ui/styled-system/css';
import { CodeNode } from '@lexical/code';
import { AutoLinkNode, LinkNode } from '@lexical/link';
import { ListItemNode, ListNode } from '@lexical/list';
import { AutoLinkPlugin, createLinkMatcherWithRegExp } from '@lexical/react/LexicalAutoLinkPlugin';
import { LexicalComposer } from '@lexical/react/LexicalComposer';
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { ContentEditable } from '@lexical/react/LexicalContentEditable';
import { LexicalErrorBoundary } from '@lexical/react/LexicalErrorBoundary';
import { HistoryPlugin } from '@lexical/react/LexicalHistoryPlugin';
import { LinkPlugin } from '@lexical/react/LexicalLinkPlugin';
import { ListPlugin } from '@lexical/react/LexicalListPlugin';
import { OnChangePlugin } from '@lexical/react/LexicalOnChangePlugin';
import { RichTextPlugin } from '@lexical/react/LexicalRichTextPlugin';
import { HeadingNode, QuoteNode } from '@lexical/rich-text';
import { $createParagraphNode, $getRoot, COMMAND_PRIORITY_HIGH, KEY_ENTER_COMMAND } from 'lexical';
import { useEffect, useImperativeHandle, useRef } from 'react';
import { EditorToolbar } from './editor-toolbar.tsx';
import type { RichTextEditorProps } from './editor-types.ts';
import { EMPTY_CONTENT, sanitizeContent } from './lexical-content.ts';
import { MentionNode } from './mention-node.ts';
import { MentionPlugin } from './mention-plugin.tsx';

const isSafeUrl = (url: string) => /^(https?:\/\/|mailto:)/i.test(url);

const URL_MATCHER = createLinkMatcherWithRegExp(
  /((https?:\/\/(www\.)?)|(www\.))[-a-zA-Z0-9@:%._+~#=]{1,256}\.[a-zA-Z0-9()]{1,6}\b([-a-zA-Z0-9()@:%_+.~#?&//=]*)/,
  (text) => (text.startsWith('http') ? text : `https://${text}`),
);
const EMAIL_MATCHER = createLinkMatcherWithRegExp(
  /(([^<>()[\]\\.,;:\s@"]+(\.[^<>()[\]\\.,;:\s@"]+)*)|(".+"))@((\[[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}])|(([a-zA-Z\-0-9]+\.)+[a-zA-Z]{2,}))/,
  (text) => `mailto:${text}`,
);

const theme = {
  paragraph: css({ my: '1' }),
  heading: {
    h1: css({ textStyle: 'xl', fontWeight: 'bold', my: '2' }),
    h2: css({ textStyle: 'lg', fontWeight: 'semibold', my: '2' }),
    h3: css({ textStyle: 'md', fontWeight: 'semibold', my: '1.5' }),
  },
  quote: css({
    borderInlineStartWidth: '3px',
    borderColor: 'border.emphasized',
    ps: '3',
    color: 'fg.muted',
    my: '2',
  }),
  list: {
    ul: css({ listStyleType: 'disc', ps: '6', my: '1' }),
    ol: css({ listStyleType: 'decimal', ps: '6', my: '1' }),
    listitem: css({ my: '0.5' }),
    nested: { listitem: css({ listStyleType: 'none' }) },
  },
  link: css({ color: 'accent.text', textDecoration: 'underline' }),
  code: css({
    display: 'block',
    fontFamily: 'mono',
    textStyle: 'sm',
    bg: 'bg.subtle',
    borderRadius: 'l2',
    px: '3',
    py: '2',
    my: '2',
    whiteSpace: 'pre-wrap',
  }),
  text: {
    bold: css({ fontWeight: 'bold' }),
    italic: css({ fontStyle: 'italic' }),
    underline: css({ textDecoration: 'underline' }),
    strikethrough: css({ textDecoration: 'line-through' }),
    underlineStrikethrough: css({ textDecoration: 'underline line-through' }),
    code: css({ fontFamily: 'mono', bg: 'bg.subtle', px: '1', borderRadius: 'l1', fontSize: '0.9em' }),
  },
};

const editableClass = css({
  minH: '28',
  maxH: '80',
  overflowY: 'auto',
  px: '3',
  py: '2',
  textStyle: 'sm',
  outline: 'none',
  wordBreak: 'break-word',
  '&[data-compact]': { minH: '10', maxH: '48' },
});

const frameClass = css({
  position: 'relative',
  borderWidth: '1px',
  borderColor: 'border.emphasized',
  borderRadius: 'l2',
  bg: 'bg.default',
  _focusWithin: { borderColor: 'accent.default', boxShadow: '0 0 0 1px {colors.accent.default}' },
  '&[data-invalid]': { borderColor: 'danger.default' },
});

const placeholderClass = css({
  position: 'absolute',
  pointerEvents: 'none',
  color: 'fg.subtle',
  textStyle: 'sm',
  px: '3',
  py: '2',
  my: '1',
  top: '0',
  insetInlineStart: '0',
  userSelect: 'none',
});

/** Ctrl/Cmd+Enter submits; the handle lets the form clear and focus the editor. */
function BehaviourPlugin({
  onSubmit,
  handleRef,
  autoFocus,
}: Pick<RichTextEditorProps, 'onSubmit' | 'handleRef' | 'autoFocus'>) {
  const [editor] = useLexicalComposerContext();
  useEffect(
    () =>
      editor.registerCommand(
        KEY_ENTER_COMMAND,
        (event) => {
          if (!event || !(event.ctrlKey || event.metaKey) || !onSubmit) return false;
          event.preventDefault();
          onSubmit();
          return true;
        },
        COMMAND_PRIORITY_HIGH,
      ),
    [editor, onSubmit],
  );
  // Once, when the editor is there: a later render of the form must not pull the focus back.
  const wantsFocus = useRef(autoFocus);
  wantsFocus.current = autoFocus;
  useEffect(() => {
    const wanted = wantsFocus.current;
    if (typeof wanted === 'function' ? wanted() : wanted) editor.focus();
  }, [editor]);
  useImperativeHandle(
    handleRef,
    () => ({
      clear: () => {
        editor.update(() => {
          const root = $getRoot();
          root.clear();
          root.append($createParagraphNode());
        });
      },
      focus: () => editor.focus(),
    }),
    [editor],
  );
  return null;
}

export default function RichTextEditor({
  initialContent,
  onChange,
  onSubmit,
  toolbar = 'full',
  placeholder,
  label,
  invalid,
  describedBy,
  autoFocus,
  handleRef,
  compact,
  mentions,
}: RichTextEditorProps) {
  const initialConfig = {
    namespace: 'community-posts',
    theme,
    nodes: [HeadingNode, QuoteNode, ListNode, ListItemNode, LinkNode, AutoLinkNode, CodeNode, MentionNode],
    editorState: JSON.stringify(sanitizeContent(initialContent ?? EMPTY_CONTENT)),
    onError: (error: Error) => {
      console.error('[posts] editor', error);
    },
  };
  return (
    <LexicalComposer initialConfig={initialConfig}>
      <div className={frameClass} data-invalid={invalid || undefined} data-testid="rich-text-editor">
        <EditorToolbar variant={toolbar} />
        <div className={css({ position: 'relative' })}>
          <RichTextPlugin
            contentEditable={
              <ContentEditable
                className={cx(editableClass, theme.paragraph)}
                data-compact={compact || undefined}
                aria-label={label}
                aria-multiline
                aria-invalid={invalid || undefined}
                aria-describedby={describedBy}
                aria-placeholder={placeholder}
                placeholder={<div className={placeholderClass}>{placeholder}</div>}
              />
            }
            ErrorBoundary={LexicalErrorBoundary}
          />
        </div>
      </div>
      <HistoryPlugin />
      <ListPlugin />
      <LinkPlugin validateUrl={isSafeUrl} />
      <AutoLinkPlugin matchers={[URL_MATCHER, EMAIL_MATCHER]} />
      {mentions ? <MentionPlugin search={mentions} /> : null}
      <BehaviourPlugin onSubmit={onSubmit} handleRef={handleRef} autoFocus={autoFocus} />
      <OnChangePlugin
        ignoreSelectionChange
        onChange={(editorState) => onChange(sanitizeContent(editorState.toJSON()))}
      />
    </LexicalComposer>
  );
}
