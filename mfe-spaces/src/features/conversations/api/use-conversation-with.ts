// The page's first call: the conversation with a member (null before their first message) and the
// member as the conversation shows them. 403 (no messages feature, or this member cannot be messaged)
// and 404 are answers the page explains, not failures to retry.
import type { Conversation, ConversationPartner } from '@community/domain';
import { useCallback, useEffect, useState } from 'react';
import { statusOf } from '../../../lib/error-message.ts';
import { fetchConversationWith } from './conversations-api.ts';

export type ConversationWith =
  | { status: 'loading' }
  | { status: 'ready'; conversation: Conversation | null; other: ConversationPartner }
  | { status: 'refused'; code: 400 | 403 | 404; error: unknown }
  | { status: 'error'; error: unknown };

export function useConversationWith(userId: string): ConversationWith & { retry: () => void } {
  const [state, setState] = useState<ConversationWith>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let active = true;
    setState({ status: 'loading' });
    // `attempt` starts the call again (Retry).
    void attempt;
    fetchConversationWith(userId).then(
      ({ conversation, other }) => active && setState({ status: 'ready', conversation, other }),
      (error: unknown) => {
        if (!active) return;
        const code = statusOf(error);
        if (code === 400 || code === 403 || code === 404) setState({ status: 'refused', code, error });
        else {
          console.error('[conversation] open', error);
          setState({ status: 'error', error });
        }
      },
    );
    return () => {
      active = false;
    };
  }, [userId, attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, retry };
}
