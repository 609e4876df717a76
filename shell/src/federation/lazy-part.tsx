// A part of the shell loaded with import() (the signed-in frame, the invitation page: ADR 0017), with
// the same placeholder, error card and Retry as a micro-frontend's screen. A chunk that cannot be
// fetched (the network dropped, a deploy replaced the files) must not blank the whole page.
import { type ComponentType, type JSX, lazy, type ReactNode, Suspense, useState } from 'react';
import { RemoteErrorBoundary } from './remote-error-boundary.tsx';

export function lazyPart<P extends object>(
  name: string,
  load: () => Promise<ComponentType<P>>,
  fallback: ReactNode,
) {
  // biome-ignore lint/suspicious/noExplicitAny: rendered with the props P of the component loaded
  const lazyLoad = () => lazy(async () => ({ default: (await load()) as ComponentType<any> }));
  let Part = lazyLoad();
  function LazyPart(props: P): JSX.Element {
    const [attempt, setAttempt] = useState(0);
    return (
      <RemoteErrorBoundary
        key={attempt}
        name={name}
        onRetry={() => {
          Part = lazyLoad(); // lazy() keeps a failed load: a retry needs a new one
          setAttempt((n) => n + 1);
        }}
      >
        <Suspense fallback={fallback}>
          <Part {...props} />
        </Suspense>
      </RemoteErrorBoundary>
    );
  }
  LazyPart.displayName = `Lazy(${name})`;
  return LazyPart;
}
