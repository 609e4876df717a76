// The composer's @mention autocomplete, as a hook over a plain textarea: typing "@" and letters
// lists the members who can read the place (and @here / @space for who may use them); Up/Down move,
// Enter or Tab pick, Esc closes the list only (the composer, a dialog around it, stay). A pick
// writes "@First Last " into the text; on send, picked names become `<@id>` tokens (encodeMentions).
import {
  BROADCAST_MENTIONS,
  type BroadcastMention,
  encodeMentions,
  type MentionCandidate,
  type MentionedMember,
  mentionName,
  mentionQueryAt,
} from '@community/domain';
import { type KeyboardEvent, useCallback, useEffect, useRef, useState } from 'react';
import type { SearchMentions } from '../api/mentions-api.ts';
import { rememberMentioned } from './known-names.ts';

export type MentionSource = {
  search: SearchMentions;
  /** `@here` / `@space` are offered and sent as mentions (space chat: its admins and moderators). */
  broadcast: boolean;
};

export type MentionOption =
  | { kind: 'member'; member: MentionCandidate }
  | { kind: 'broadcast'; which: BroadcastMention };

export const BROADCAST_HINTS: Record<BroadcastMention, string> = {
  here: 'Notify members online now',
  space: 'Notify every member of the space',
};

/** How long typing must pause before the server is asked. */
const SEARCH_DELAY_MS = 150;

/** The text and caret after picking `option` for the "@query" that starts at `start`. */
export function applyPick(
  text: string,
  caret: number,
  start: number,
  option: MentionOption,
): { text: string; caret: number } {
  const label = option.kind === 'member' ? mentionName(option.member) : `@${option.which}`;
  const after = text.slice(caret).replace(/^[^\s]*/, '');
  const inserted = `${label} `;
  return {
    text: `${text.slice(0, start)}${inserted}${after.replace(/^\s/, '')}`,
    caret: start + inserted.length,
  };
}

export function useMentionAutocomplete(source: MentionSource | undefined) {
  const [at, setAt] = useState<{ start: number; query: string; caret: number } | null>(null);
  const [options, setOptions] = useState<MentionOption[]>([]);
  const [active, setActive] = useState(0);
  /** Where Esc closed the list: it stays closed while the same "@" is being typed. */
  const dismissed = useRef<number | null>(null);
  const picked = useRef<MentionedMember[]>([]);

  const query = at?.query ?? null;
  useEffect(() => {
    if (!source || query === null) {
      setOptions([]);
      return;
    }
    const broadcasts: MentionOption[] = source.broadcast
      ? BROADCAST_MENTIONS.filter((which) => which.startsWith(query.toLowerCase())).map((which) => ({
          kind: 'broadcast' as const,
          which,
        }))
      : [];
    const controller = new AbortController();
    const timer = setTimeout(() => {
      source.search(query, controller.signal).then(
        (members) => {
          setOptions([...members.map((member) => ({ kind: 'member' as const, member })), ...broadcasts]);
          setActive(0);
        },
        (error: unknown) => {
          if (!controller.signal.aborted) console.error('[mentions] search', error);
        },
      );
    }, SEARCH_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [source, query]);

  /** Call on every change of the text (or caret): finds the "@word" being typed. */
  const update = useCallback(
    (text: string, caret: number) => {
      if (!source) return;
      const found = mentionQueryAt(text, caret);
      if (!found || found.start !== dismissed.current) dismissed.current = null;
      setAt(found && dismissed.current === null ? { ...found, caret } : null);
    },
    [source],
  );

  const open = at !== null && options.length > 0;

  function close() {
    setAt(null);
    setOptions([]);
  }

  function pick(option: MentionOption, text: string): { text: string; caret: number } | null {
    if (!at) return null;
    if (option.kind === 'member') {
      picked.current = [...picked.current.filter((m) => m.id !== option.member.id), option.member];
      rememberMentioned([option.member]);
    }
    close();
    return applyPick(text, at.caret, at.start, option);
  }

  /**
   * Keys while the list is open; answers the new text when a pick changed it, `true` when the key
   * was handled otherwise, and `false` when the composer should handle it.
   */
  function onKeyDown(event: KeyboardEvent, text: string): { text: string; caret: number } | boolean {
    if (!open) return false;
    const count = options.length;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((index) => (index + (event.key === 'ArrowDown' ? 1 : count - 1)) % count);
      return true;
    }
    if ((event.key === 'Enter' && !event.shiftKey) || event.key === 'Tab') {
      const option = options[active];
      if (!option) return false;
      event.preventDefault();
      return pick(option, text) ?? true;
    }
    if (event.key === 'Escape') {
      // The list only: a dialog or panel around the composer must not hear this Esc.
      event.preventDefault();
      event.stopPropagation();
      event.nativeEvent.stopImmediatePropagation();
      dismissed.current = at?.start ?? null;
      close();
      return true;
    }
    return false;
  }

  return {
    open,
    options,
    active,
    setActive,
    update,
    pick,
    onKeyDown,
    /** The text to send: picked names as tokens. */
    encode: (text: string) => (source ? encodeMentions(text, picked.current, source.broadcast) : text),
    reset: () => {
      picked.current = [];
      close();
    },
  };
}

export type MentionAutocomplete = ReturnType<typeof useMentionAutocomplete>;
