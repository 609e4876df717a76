// A stand-in for the Lexical editor in form tests (happy-dom has no real contenteditable editing):
// a textarea that reports one paragraph of Lexical JSON and submits on Ctrl/Cmd+Enter.
import type { RichTextEditorProps } from './editor-types.ts';

export const paragraphOf = (text: string) => ({
  root: {
    type: 'root',
    version: 1,
    format: '',
    indent: 0,
    direction: null,
    children: [
      {
        type: 'paragraph',
        version: 1,
        format: '',
        indent: 0,
        direction: null,
        textFormat: 0,
        textStyle: '',
        children: text
          ? [{ type: 'text', version: 1, text, format: 0, style: '', mode: 'normal', detail: 0 }]
          : [],
      },
    ],
  },
});

/** What the form last gave the editor, for tests of the form's side. */
export const fakeEditorProps: Pick<RichTextEditorProps, 'autoFocus'> = {};

export default function FakeEditor({
  label,
  onChange,
  onSubmit,
  invalid,
  describedBy,
  autoFocus,
}: RichTextEditorProps) {
  fakeEditorProps.autoFocus = autoFocus;
  return (
    <textarea
      aria-label={label}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      onChange={(event) => onChange(paragraphOf(event.target.value) as never)}
      onKeyDown={(event) => {
        if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
          event.preventDefault();
          onSubmit?.();
        }
      }}
    />
  );
}
