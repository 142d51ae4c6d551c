import {
  Component,
  startTransition,
  useEffect,
  useState,
  type ComponentType,
  type ErrorInfo,
  type ReactNode,
} from 'react';
import { ErrorState, LoadingOverlay } from '@backoffice/ui-kit';
import type { RemoteName } from './registry';
import { loadRemoteScreen, loadedScreen } from './remoteStatus';
import { IntegrityError } from './integrityPlugin';
import { reportRemote } from './releaseBeacon';

class RemoteErrorBoundary extends Component<
  { remote: RemoteName; label: string; onRetry: () => void; children: ReactNode },
  { error?: Error }
> {
  override state: { error?: Error } = {};
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(`The ${this.props.label} screen failed`, error, info.componentStack);
    reportRemote(this.props.remote, 'errors');
  }
  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <ErrorState
        title={`${this.props.label} stopped working`}
        message="This screen ran into an error. The rest of the back office still works."
        onRetry={this.props.onRetry}
      />
    );
  }
}

type State =
  { status: 'loading' } | { status: 'ready'; Screen: ComponentType } | { status: 'error'; integrity?: IntegrityError };

/**
 * The state that shows `Screen` (its loader without one), as an update that keeps the state when it
 * already shows that screen: no render for a screen already on the page.
 */
const showing =
  (Screen: ComponentType | undefined) =>
  (s?: State): State =>
    !Screen ? { status: 'loading' } : s?.status === 'ready' && s.Screen === Screen ? s : { status: 'ready', Screen };

/**
 * One remote screen inside the shell's own React tree (so router, query client, theme and session
 * reach it). Loading is lazy and isolated: a remote that is down, slow or throwing shows a fallback
 * naming what is unavailable, with a Retry that works without reloading the page.
 */
export function RemoteScreen({ remote, module, label }: { remote: RemoteName; module: string; label: string }) {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<State>(() => showing(loadedScreen(remote, module))());

  useEffect(() => {
    let live = true;
    // A screen already loaded stays (or is put) on the page at once; its load below only reports.
    setState(showing(attempt === 0 ? loadedScreen(remote, module) : undefined));
    // The platform section of the setting screen hears of the outcome too.
    // Each outcome counts against the version this admin runs (a staged one halts if it fails more).
    loadRemoteScreen(remote, module, attempt > 0).then(
      (Screen) => {
        reportRemote(remote, 'views');
        // A transition: the screen's first render is done in slices (see bootstrap.tsx).
        if (live) startTransition(() => setState(showing(Screen)));
      },
      (error: unknown) => {
        reportRemote(remote, error instanceof IntegrityError ? 'integrityFailures' : 'loadFailures');
        if (live) setState({ status: 'error', integrity: error instanceof IntegrityError ? error : undefined });
      },
    );
    return () => {
      live = false;
    };
  }, [remote, module, attempt]);

  const retry = () => setAttempt((a) => a + 1);
  if (state.status === 'loading') return <LoadingOverlay tip={`Loading ${label}…`} />;
  if (state.status === 'error' && state.integrity) {
    return (
      <ErrorState
        title={`${label} failed its integrity check`}
        message={`The ${remote} part of the back office is not the one that was published (${state.integrity.file} changed), so none of it was run. Other screens still work.`}
        onRetry={retry}
      />
    );
  }
  if (state.status === 'error') {
    return (
      <ErrorState
        title={`${label} is unavailable`}
        message={`The ${remote} part of the back office could not be loaded right now. Other screens still work.`}
        onRetry={retry}
      />
    );
  }
  const { Screen } = state;
  return (
    <RemoteErrorBoundary key={attempt} remote={remote} label={label} onRetry={retry}>
      <Screen />
    </RemoteErrorBoundary>
  );
}
