import { useCallback, useEffect, useRef } from 'react';
import { App } from '@backoffice/ui-kit/antd';

export const LEAVE_TITLE = 'Leave without saving?';
/** `what` names the thing being edited: "this profile", "this template". */
export const leaveContent = (what: string) => `Your changes to ${what} have not been saved and will be lost.`;

/** A plain left click on a same-origin link that the page would follow itself. */
function inAppLinkOf(event: MouseEvent): HTMLAnchorElement | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const anchor = (event.target as Element | null)?.closest?.('a[href]');
  if (!(anchor instanceof HTMLAnchorElement)) return null;
  if (anchor.target && anchor.target !== '_self') return null;
  if (anchor.hasAttribute('download')) return null;
  const url = new URL(anchor.href, window.location.href);
  if (url.origin !== window.location.origin) return null;
  const here = window.location;
  if (url.pathname === here.pathname && url.search === here.search) return null;
  return anchor;
}

/**
 * Asks before unsaved changes are lost. The hosts render a <BrowserRouter>, not a data router, so
 * react-router's useBlocker is unavailable (it throws there); instead:
 * - `confirmLeave(go)` wraps the screen's own Cancel and Back buttons;
 * - a capture-phase click listener on the document stops any in-app link (breadcrumb, the shell's
 *   side menu) before react-router sees it, asks, and replays the click if the admin agrees;
 * - `beforeunload` covers closing the tab, reloading and typing another address.
 * The browser's Back and Forward buttons are not covered: a BrowserRouter has changed the URL by the
 * time it hears of them.
 */
export function useUnsavedChangesGuard(dirty: boolean, what: string) {
  const { modal } = App.useApp();
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  const replaying = useRef(false);
  const asking = useRef(false);

  const ask = useCallback(
    (go: () => void) => {
      if (asking.current) return;
      asking.current = true;
      modal.confirm({
        title: LEAVE_TITLE,
        content: leaveContent(what),
        okText: 'Leave',
        okButtonProps: { danger: true },
        cancelText: 'Stay',
        onOk: () => {
          asking.current = false;
          go();
        },
        onCancel: () => {
          asking.current = false;
        },
      });
    },
    [modal, what],
  );

  /** `dirtyNow` is the form's own answer at the click, for forms whose `dirty` arrives a render late. */
  const confirmLeave = useCallback(
    (go: () => void, dirtyNow?: boolean) => {
      if (dirtyNow ?? dirtyRef.current) ask(go);
      else go();
    },
    [ask],
  );

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (replaying.current || !dirtyRef.current) return;
      const anchor = inAppLinkOf(event);
      if (!anchor) return;
      event.preventDefault();
      event.stopPropagation();
      const target = event.target as HTMLElement;
      ask(() => {
        // The replayed click reaches the link's own handler (react-router's, the menu's) unchanged.
        replaying.current = true;
        try {
          target.click();
        } finally {
          replaying.current = false;
        }
      });
    };
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, [ask]);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  return { confirmLeave };
}
