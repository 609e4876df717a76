import { referenceOf } from '@community/api-client';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorCard } from '../features/errors/error-card.tsx';

type Props = { name: string; onRetry: () => void; children: ReactNode };
type State = { error: Error | null };

/** Keeps a micro-frontend that failed to load (or crashed) from blanking the page; offers a retry. */
export class RemoteErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(`[shell] ${this.props.name} failed`, error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <ErrorCard
        title="This section could not be loaded"
        description={
          // A remote refused for its version says why (remote-versions.ts), as does an app address
          // that leads nowhere (remote-loader.ts); retrying will not help.
          ['RemoteVersionError', 'RemoteNotFoundError'].includes(this.state.error.name)
            ? this.state.error.message
            : 'Check your connection, then try again.'
        }
        // A section that crashed on a refused request (an API error thrown while rendering) says which.
        reference={referenceOf(this.state.error)}
        onRetry={() => {
          this.setState({ error: null });
          this.props.onRetry();
        }}
      />
    );
  }
}
