// Turns an exposed module of a micro-frontend into a React component of the shell: loaded lazily
// through the federation runtime, with a skeleton while it loads and an error card with Retry if it
// cannot be loaded.
import {
  type ComponentType,
  type JSX,
  type LazyExoticComponent,
  lazy,
  type ReactNode,
  Suspense,
  useEffect,
  useState,
} from 'react';
import { RemoteErrorBoundary } from './remote-error-boundary.tsx';
import { loadRemoteModule, type RemoteModuleId } from './remote-loader.ts';

// biome-ignore lint/suspicious/noExplicitAny: the cache holds components of every prop shape
type AnyLazy = LazyExoticComponent<ComponentType<any>>;

// One lazy component per module for the page's lifetime, so a modal that opens again does not flash
// its skeleton; Retry replaces the entry.
const lazyModules = new Map<RemoteModuleId, AnyLazy>();

function lazyModule(id: RemoteModuleId, retry: boolean): AnyLazy {
  let component = lazyModules.get(id);
  if (!component) {
    component = lazy(() => loadRemoteModule<{ default: ComponentType<unknown> }>(id, { retry }));
    lazyModules.set(id, component);
  }
  return component;
}

export function remoteComponent<P extends object = object>(id: RemoteModuleId, fallback: ReactNode) {
  function RemoteComponent(props: P): JSX.Element {
    const [attempt, setAttempt] = useState(0);
    const Module = lazyModule(id, attempt > 0);
    const reload = () => {
      lazyModules.delete(id);
      setAttempt((n) => n + 1);
    };
    // A remote served by its dev server announces each hot update (packages/ui/app-config/
    // federation-dev.ts): load its module again, from a fresh entry (the area's state resets).
    useEffect(() => {
      const onUpdate = (event: Event) => {
        if (id.startsWith(`${(event as CustomEvent<{ name: string }>).detail.name}/`)) reload();
      };
      addEventListener('community:remote-update', onUpdate);
      return () => removeEventListener('community:remote-update', onUpdate);
    }, []);
    return (
      <RemoteErrorBoundary key={attempt} name={id} onRetry={reload}>
        <Suspense fallback={fallback}>
          <Module {...props} />
        </Suspense>
      </RemoteErrorBoundary>
    );
  }
  RemoteComponent.displayName = `Remote(${id})`;
  return RemoteComponent;
}
