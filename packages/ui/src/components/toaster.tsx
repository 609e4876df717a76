// Where the page's toasts appear; mount it once, in the shell. It renders nothing, and downloads
// nothing, until the first toast is raised (../toast.ts), then Ark's toaster (./toaster-parts.tsx).
import { type ComponentType, useEffect, useState } from 'react';
import { onFirstToast } from '../toast.ts';

export function Toaster() {
  const [Stack, setStack] = useState<ComponentType | null>(null);
  useEffect(
    () =>
      onFirstToast(() => {
        void import('./toaster-parts.tsx').then((parts) => setStack(() => parts.ToasterStack));
      }),
    [],
  );
  return Stack ? <Stack /> : null;
}
