import { markSignedOut } from '@community/api-client';
import { toast } from '@community/ui';
import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { LOGIN_PATH } from '../../routing/redirect-rules.ts';
import { connectUserRoom } from './user-room.ts';

/** Keeps the user's room connected while they are signed in. */
export function useUserRoom(userId: string) {
  const [, navigate] = useLocation();

  useEffect(
    () =>
      connectUserRoom(userId, {
        onNotification: (title) => toast.info(title),
        onSessionEnded: () => {
          markSignedOut();
          navigate(LOGIN_PATH, { replace: true });
        },
      }),
    [userId, navigate],
  );
}
