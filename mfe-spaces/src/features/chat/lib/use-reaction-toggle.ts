// The chat pages' reaction handler: the store shows the change at once and takes the server's
// answer as the truth; a refusal (a deleted message, the limit per message, no longer a member)
// is said in a toast.
import { toast } from '@community/ui';
import { useCallback } from 'react';
import type { ChatMessageLike, ChatStore } from './chat-store.ts';

export function useReactionToggle<M extends ChatMessageLike>(store: ChatStore<M>) {
  return useCallback(
    (message: M, emoji: string, add: boolean) =>
      void store.react(message.id, emoji, add).then((result) => {
        if (!result.ok) toast.error('Reaction not saved', result.error, { reference: result.reference });
      }),
    [store],
  );
}
