// Whether the member is looking at the page: the tab is visible and the window has focus. What a chat
// counts as read (a conversation's read position, a space's last-read mark) is what was shown then.
import { useEffect, useState } from 'react';

export function useTabSeen(): boolean {
  const seenNow = () => document.visibilityState === 'visible' && document.hasFocus();
  const [seen, setSeen] = useState(seenNow);
  useEffect(() => {
    const update = () => setSeen(seenNow());
    window.addEventListener('focus', update);
    window.addEventListener('blur', update);
    document.addEventListener('visibilitychange', update);
    return () => {
      window.removeEventListener('focus', update);
      window.removeEventListener('blur', update);
      document.removeEventListener('visibilitychange', update);
    };
  }, []);
  return seen;
}
