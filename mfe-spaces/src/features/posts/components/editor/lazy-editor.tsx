// The editor behind a dynamic import: Lexical is downloaded the first time a form opens, never by
// the wall. While it loads, a box of the same size holds its place.
import { Skeleton } from '@community/ui';
import { css } from '@community/ui/styled-system/css';
import { lazy, Suspense } from 'react';
import type { RichTextEditorProps } from './editor-types.ts';

/** The one place the Lexical module is reached; tests assert nothing imports it statically. */
export const loadRichTextEditor = () => import('./rich-text-editor.tsx');

const RichTextEditor = lazy(loadRichTextEditor);

export function LazyRichTextEditor(props: RichTextEditorProps) {
  return (
    <Suspense
      fallback={
        <Skeleton
          aria-label="Loading editor"
          className={css({ h: props.compact ? '20' : '36', w: 'full', borderRadius: 'l2' })}
        />
      }
    >
      <RichTextEditor {...props} />
    </Suspense>
  );
}
