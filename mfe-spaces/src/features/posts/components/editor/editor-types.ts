// The editor's props, shared by the lazy wrapper and the Lexical module so the forms type-check
// without importing Lexical.
import type { LexicalContent } from '@community/domain';
import type { Ref } from 'react';
import type { SearchMentions } from '../../../mentions/api/mentions-api.ts';

export type EditorHandle = {
  /** Empties the editor (after a comment is sent). */
  clear: () => void;
  focus: () => void;
};

export type RichTextEditorProps = {
  initialContent?: LexicalContent | null | undefined;
  onChange: (content: LexicalContent) => void;
  /** Ctrl/Cmd+Enter. */
  onSubmit?: (() => void) | undefined;
  /** `light`: the comment composer's smaller set (bold, italic, code, link, bulleted list). */
  toolbar?: 'full' | 'light';
  placeholder: string;
  /** The accessible name of the text box. */
  label: string;
  invalid?: boolean | undefined;
  describedBy?: string | undefined;
  /**
   * Focus the editor once it has loaded; a function is asked then (the post dialog's says no once
   * the member has started on another field while the editor loaded).
   */
  autoFocus?: boolean | (() => boolean) | undefined;
  handleRef?: Ref<EditorHandle> | undefined;
  compact?: boolean | undefined;
  /** Where "@" looks members up (the space's); without it, "@" is just a character. */
  mentions?: SearchMentions | undefined;
};
