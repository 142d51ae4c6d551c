import { Component, createContext, Suspense, useContext, useEffect, useState, type ReactNode } from 'react';
import type { ModalFuncProps } from '@backoffice/ui-kit/antd-on-demand';
import { retryingLazy } from './retryingLazy';

/** An open confirmation: closed by the admin's answer, or by `destroy` (the screen went away). */
export interface DialogHandle {
  destroy(): void;
}

/** What antd's modal.confirm does, in the theme of the ThemeProvider around the caller. */
export interface Dialogs {
  /** Settles once the dialog is open; fails when antd's Modal cannot be fetched. */
  confirm(config: ModalFuncProps): Promise<DialogHandle>;
}

type Confirm = (config: ModalFuncProps) => DialogHandle;

interface Queue extends Dialogs {
  /** The host's confirm, once antd's Modal is here; returns its release. */
  attach(confirm: Confirm): () => void;
  /** Told `true` when a confirmation waits for antd's Modal, `false` when fetching it failed. */
  onWanted(listener: (wanted: boolean) => void): () => void;
  fail(error: unknown): void;
}

function createQueue(): Queue {
  let confirmNow: Confirm | null = null;
  let pending: Array<{ config: ModalFuncProps; resolve: (d: DialogHandle) => void; reject: (e: unknown) => void }> = [];
  let listener: ((wanted: boolean) => void) | null = null;
  return {
    confirm(config) {
      if (confirmNow) return Promise.resolve(confirmNow(config));
      return new Promise((resolve, reject) => {
        pending.push({ config, resolve, reject });
        listener?.(true);
      });
    },
    attach(confirm) {
      confirmNow = confirm;
      for (const p of pending.splice(0)) p.resolve(confirm(p.config));
      return () => {
        if (confirmNow === confirm) confirmNow = null;
      };
    },
    onWanted(next) {
      listener = next;
      if (pending.length) next(true);
      return () => {
        if (listener === next) listener = null;
      };
    },
    fail(error) {
      const failed = pending;
      pending = [];
      for (const p of failed) p.reject(error);
      listener?.(false);
    },
  };
}

const DialogsContext = createContext<Queue | null>(null);

// Fetched with antd's Modal when the first confirmation is asked for; after a failed fetch, the
// next confirmation fetches again (retryingLazy).
const dialogHost = retryingLazy(() => import('./DialogHost').then((m) => m.default));

class HostBoundary extends Component<{ onError: (error: unknown) => void; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    this.props.onError(error);
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * Gives the screens under it confirmation dialogs (useDialogs) in its theme, as antd's App would,
 * without fetching antd's Modal until the first one is asked for: a list's Deactivate, an editor's
 * 'Leave without saving?'.
 */
export function DialogsProvider({ children }: { children: ReactNode }) {
  const [queue] = useState(createQueue);
  const [wanted, setWanted] = useState(false);
  useEffect(() => queue.onWanted(setWanted), [queue]);
  const DialogHost = dialogHost();
  return (
    <DialogsContext.Provider value={queue}>
      {children}
      {wanted && (
        <HostBoundary onError={queue.fail}>
          <Suspense fallback={null}>
            <DialogHost attach={queue.attach} />
          </Suspense>
        </HostBoundary>
      )}
    </DialogsContext.Provider>
  );
}

/** Confirmation dialogs in the theme of the ThemeProvider around the caller. */
export function useDialogs(): Dialogs {
  const queue = useContext(DialogsContext);
  if (!queue) throw new Error('useDialogs() needs a ThemeProvider (or AppProviders) around it.');
  return queue;
}
