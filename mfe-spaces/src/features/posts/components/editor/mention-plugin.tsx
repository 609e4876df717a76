// "@" in the post and comment editors: the members who can read the space (the same server read as
// the chat composer's), Up/Down, Enter or Tab to pick, Esc to close the list only (Lexical's
// typeahead stops that Esc before a dialog around the editor hears it). A pick inserts a mention node.
import { type MentionCandidate, mentionName } from '@community/domain';
import { css } from '@community/ui/styled-system/css';
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { LexicalTypeaheadMenuPlugin, MenuOption } from '@lexical/react/LexicalTypeaheadMenuPlugin';
import { useBasicTypeaheadTriggerMatch } from '@lexical/react/LexicalTypeaheadMenuPluginUtils';
import { $createTextNode, type TextNode } from 'lexical';
import { useEffect, useMemo, useState } from 'react';
import { createPortal } from 'react-dom';
import type { SearchMentions } from '../../../mentions/api/mentions-api.ts';
import { MemberLabel, MentionListItem } from '../../../mentions/components/mention-option.tsx';
import { $createMentionNode } from './mention-node.ts';

class MemberOption extends MenuOption {
  constructor(readonly member: MentionCandidate) {
    super(member.id);
  }
}

const listClass = css({
  position: 'absolute',
  top: '6',
  insetStart: '0',
  zIndex: 'popover',
  minW: '56',
  maxW: '80',
  py: '1',
  bg: 'bg.default',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'l2',
  boxShadow: 'lg',
});

export function MentionPlugin({ search }: { search: SearchMentions }) {
  const [editor] = useLexicalComposerContext();
  const [query, setQuery] = useState<string | null>(null);
  const [members, setMembers] = useState<MentionCandidate[]>([]);
  // Inside a dialog the list must be the dialog's (a modal makes everything outside it inert).
  const [parent, setParent] = useState<HTMLElement | undefined>(undefined);
  useEffect(
    () =>
      editor.registerRootListener((root) =>
        setParent(root?.closest<HTMLElement>('[role="dialog"]') ?? undefined),
      ),
    [editor],
  );
  const trigger = useBasicTypeaheadTriggerMatch('@', { minLength: 0, maxLength: 30, allowWhitespace: true });

  useEffect(() => {
    if (query === null) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      search(query, controller.signal).then(setMembers, (error: unknown) => {
        if (!controller.signal.aborted) console.error('[mentions] search', error);
      });
    }, 150);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, search]);

  const open = query !== null && members.length > 0;
  // While the list is open, Esc is the list's: a dialog around the editor stays (dialog-parts.tsx).
  useEffect(() => {
    const root = editor.getRootElement();
    if (!open || !root) return;
    root.setAttribute('data-escape-closes', '');
    return () => root.removeAttribute('data-escape-closes');
  }, [editor, open]);

  const options = useMemo(
    () => (query === null ? [] : members.map((member) => new MemberOption(member))),
    [members, query],
  );

  function onSelect(option: MemberOption, replaced: TextNode | null, closeMenu: () => void) {
    editor.update(() => {
      const mention = $createMentionNode(option.member.id, mentionName(option.member));
      if (replaced) replaced.replace(mention);
      const space = $createTextNode(' ');
      mention.insertAfter(space);
      space.select(1, 1);
      closeMenu();
    });
  }

  return (
    <LexicalTypeaheadMenuPlugin<MemberOption>
      onQueryChange={setQuery}
      onSelectOption={onSelect}
      triggerFn={trigger}
      parent={parent}
      options={options}
      menuRenderFn={(anchor, { selectedIndex, selectOptionAndCleanUp, setHighlightedIndex }) =>
        anchor.current && options.length > 0
          ? createPortal(
              <div role="listbox" aria-label="Mention a member" className={listClass}>
                {options.map((option, index) => (
                  <MentionListItem
                    key={option.key}
                    optionRef={(element) => option.setRefElement(element)}
                    selected={index === selectedIndex}
                    onPick={() => {
                      setHighlightedIndex(index);
                      selectOptionAndCleanUp(option);
                    }}
                    onHover={() => setHighlightedIndex(index)}
                  >
                    <MemberLabel member={option.member} />
                  </MentionListItem>
                ))}
              </div>,
              anchor.current,
            )
          : null
      }
    />
  );
}
