// The editor's formatting bar: inline formats, a link, lists, quote, headings and a code block. Each
// button says whether it is on (aria-pressed) for the text under the caret. Part of the lazy chunk.

import { Button, icons } from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import { $createCodeNode, $isCodeNode } from '@lexical/code';
import { $isLinkNode, TOGGLE_LINK_COMMAND } from '@lexical/link';
import {
  $isListNode,
  INSERT_ORDERED_LIST_COMMAND,
  INSERT_UNORDERED_LIST_COMMAND,
  REMOVE_LIST_COMMAND,
} from '@lexical/list';
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { $createHeadingNode, $createQuoteNode, $isHeadingNode, $isQuoteNode } from '@lexical/rich-text';
import { $setBlocksType } from '@lexical/selection';
import { $findMatchingParent } from '@lexical/utils';
import {
  $createParagraphNode,
  $getSelection,
  $isRangeSelection,
  $isRootOrShadowRoot,
  type ElementNode,
  FORMAT_TEXT_COMMAND,
  type TextFormatType,
} from 'lexical';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';

type Block = 'paragraph' | 'h1' | 'h2' | 'quote' | 'bullet' | 'number' | 'code';

type ToolbarState = {
  formats: Set<TextFormatType>;
  block: Block;
  link: boolean;
};

const INLINE: { format: TextFormatType; label: string; glyph: ReactNode; light: boolean }[] = [
  { format: 'bold', label: 'Bold', glyph: <b>B</b>, light: true },
  { format: 'italic', label: 'Italic', glyph: <i>I</i>, light: true },
  { format: 'underline', label: 'Underline', glyph: <u>U</u>, light: false },
  { format: 'strikethrough', label: 'Strikethrough', glyph: <s>S</s>, light: false },
  { format: 'code', label: 'Inline code', glyph: <code>{'<>'}</code>, light: true },
];

const BLOCKS: { block: Block; label: string; glyph: ReactNode; light: boolean }[] = [
  // Icons, not the text "H1" or "1.": a button named "Heading 1" must not show other words
  // (WCAG 2.5.3 label in name); single letters like B and I are read as symbols.
  { block: 'h1', label: 'Heading 1', glyph: <icons.Heading1 aria-hidden="true" />, light: false },
  { block: 'h2', label: 'Heading 2', glyph: <icons.Heading2 aria-hidden="true" />, light: false },
  { block: 'bullet', label: 'Bulleted list', glyph: '•', light: true },
  { block: 'number', label: 'Numbered list', glyph: <icons.ListOrdered aria-hidden="true" />, light: false },
  { block: 'quote', label: 'Quote', glyph: '❝', light: false },
  { block: 'code', label: 'Code block', glyph: '{ }', light: false },
];

const barClass = css({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: '0.5',
  px: '1.5',
  py: '1',
  borderBottomWidth: '1px',
  bg: 'bg.subtle',
  borderTopRadius: 'l2',
  '& button[aria-pressed=true]': { bg: 'accent.subtle', color: 'accent.text' },
});

const toolClass = css({ minW: '7', fontFamily: 'mono', fontWeight: 'medium' });

function readState(): ToolbarState | null {
  const selection = $getSelection();
  if (!$isRangeSelection(selection)) return null;
  const formats = new Set<TextFormatType>();
  for (const { format } of INLINE) if (selection.hasFormat(format)) formats.add(format);
  const anchor = selection.anchor.getNode();
  const top =
    anchor.getKey() === 'root'
      ? null
      : ($findMatchingParent(anchor, (node) => {
          const parent = node.getParent();
          return parent !== null && $isRootOrShadowRoot(parent);
        }) as ElementNode | null);
  let block: Block = 'paragraph';
  if ($isListNode(top)) block = top.getListType() === 'number' ? 'number' : 'bullet';
  else if ($isHeadingNode(top)) block = top.getTag() === 'h1' ? 'h1' : 'h2';
  else if ($isQuoteNode(top)) block = 'quote';
  else if ($isCodeNode(top)) block = 'code';
  const link = $findMatchingParent(anchor, $isLinkNode) !== null || $isLinkNode(anchor.getParent());
  return { formats, block, link };
}

export function EditorToolbar({ variant }: { variant: 'full' | 'light' }) {
  const [editor] = useLexicalComposerContext();
  const [state, setState] = useState<ToolbarState>({ formats: new Set(), block: 'paragraph', link: false });
  const [linkDraft, setLinkDraft] = useState<string | null>(null);
  const light = variant === 'light';

  useEffect(
    () =>
      editor.registerUpdateListener(({ editorState }) => {
        editorState.read(() => {
          const next = readState();
          if (next) setState(next);
        });
      }),
    [editor],
  );

  function setBlock(block: Block) {
    if (block === 'bullet' || block === 'number') {
      if (state.block === block) editor.dispatchCommand(REMOVE_LIST_COMMAND, undefined);
      else
        editor.dispatchCommand(
          block === 'bullet' ? INSERT_UNORDERED_LIST_COMMAND : INSERT_ORDERED_LIST_COMMAND,
          undefined,
        );
      return;
    }
    editor.update(() => {
      const selection = $getSelection();
      if (!$isRangeSelection(selection)) return;
      const same = state.block === block;
      $setBlocksType(selection, () => {
        if (same) return $createParagraphNode();
        if (block === 'h1' || block === 'h2') return $createHeadingNode(block);
        if (block === 'quote') return $createQuoteNode();
        if (block === 'code') return $createCodeNode();
        return $createParagraphNode();
      });
    });
  }

  function applyLink(event: FormEvent) {
    event.preventDefault();
    event.stopPropagation();
    const raw = (linkDraft ?? '').trim();
    if (raw) {
      const url = /^(https?:\/\/|mailto:)/i.test(raw) ? raw : `https://${raw}`;
      editor.dispatchCommand(TOGGLE_LINK_COMMAND, url);
    }
    setLinkDraft(null);
    editor.focus();
  }

  const tool = (key: string, label: string, pressed: boolean, onClick: () => void, glyph: ReactNode) => (
    <Button
      key={key}
      variant="ghost"
      size="xs"
      className={toolClass}
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      // Keep the selection in the editor while clicking.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
    >
      {glyph}
    </Button>
  );

  return (
    <div className={css({ display: 'contents' })}>
      <div role="toolbar" aria-label="Formatting" className={barClass}>
        {INLINE.filter((item) => !light || item.light).map((item) =>
          tool(
            item.format,
            item.label,
            state.formats.has(item.format),
            () => editor.dispatchCommand(FORMAT_TEXT_COMMAND, item.format),
            item.glyph,
          ),
        )}
        {tool(
          'link',
          state.link ? 'Remove link' : 'Link',
          state.link,
          () => {
            if (state.link) editor.dispatchCommand(TOGGLE_LINK_COMMAND, null);
            else setLinkDraft('');
          },
          // Drawn like the other icons: an emoji is an empty box where no emoji font is installed.
          <icons.Link aria-hidden="true" />,
        )}
        {BLOCKS.filter((item) => !light || item.light).map((item) =>
          tool(item.block, item.label, state.block === item.block, () => setBlock(item.block), item.glyph),
        )}
      </div>
      {linkDraft !== null ? (
        // Not a <form>: the editor may sit inside the post form, and forms cannot nest.
        <div className={css({ display: 'flex', gap: '2', px: '2', py: '1.5', borderBottomWidth: '1px' })}>
          <input
            // biome-ignore lint/a11y/noAutofocus: the member just asked for this field
            autoFocus
            type="url"
            aria-label="Link URL"
            placeholder="https://"
            value={linkDraft}
            onChange={(event) => setLinkDraft(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') applyLink(event);
              if (event.key === 'Escape') {
                event.preventDefault();
                event.stopPropagation();
                setLinkDraft(null);
              }
            }}
            className={css({
              flex: '1',
              minW: '0',
              px: '2',
              h: '7',
              textStyle: 'sm',
              borderWidth: '1px',
              borderRadius: 'l1',
              bg: 'bg.default',
            })}
          />
          <Button size="xs" onClick={applyLink}>
            Apply
          </Button>
          <Button size="xs" variant="ghost" onClick={() => setLinkDraft(null)}>
            Cancel
          </Button>
        </div>
      ) : null}
    </div>
  );
}
