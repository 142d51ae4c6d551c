import { useCallback, useContext, useEffect, useMemo, useRef } from 'react';
import { UNSAFE_DataRouterContext, useBlocker, type Blocker, type BlockerFunction } from '@backoffice/ui-kit/router';
import { useDialogs, type DialogHandle } from '@backoffice/ui-kit/antd';

export const LEAVE_TITLE = 'Leave without saving?';
/** `what` names the thing being edited: "this profile", "this template". */
export const leaveContent = (what: string) => `Your changes to ${what} have not been saved and will be lost.`;

const UNBLOCKED: Blocker = { state: 'unblocked', proceed: undefined, reset: undefined, location: undefined };
/** No router blocker to be had: only confirmLeave and beforeunload guard the form. */
const noBlocker = (_shouldBlock: BlockerFunction): Blocker => UNBLOCKED;

/**
 * Asks before unsaved changes are lost. Needs a data router (the hosts' HostRoot, the tests'
 * createMemoryRouter): react-router's blocker is the one place that hears of every navigation
 * before it happens, whatever started it — a link, the browser's Back and Forward, the header's
 * Change Password and Logout (a navigation to /logout, so the session stays when the admin stays).
 * - `confirmLeave(go)` wraps the screen's own Cancel and Back buttons, which may close an editor
 *   without navigating at all; a navigation it has already asked about is not asked about again;
 * - `beforeunload` covers closing the tab, reloading and typing another address.
 * A router holds one blocker at a time: one guarded form per screen.
 */
export function useUnsavedChangesGuard(dirty: boolean, what: string) {
  const dialogs = useDialogs();
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  // The next navigation is already decided (the admin chose Leave, or nothing is lost): it passes
  // once. It stays armed until a navigation uses it, since Back reaches the router only later.
  const passNext = useRef(false);
  const question = useRef<{ dialog: Promise<DialogHandle>; forBlocker: boolean } | null>(null);

  const shouldBlock = useCallback<BlockerFunction>(({ currentLocation, nextLocation }) => {
    if (passNext.current) {
      passNext.current = false;
      return false;
    }
    // A change of search or hash keeps the form on screen (a list's filters beside it).
    return dirtyRef.current && currentLocation.pathname !== nextLocation.pathname;
  }, []);
  // A remote with this ui-kit inside a shell that still renders a <BrowserRouter> (released before
  // the data router) has no blocker: useBlocker would throw there and take the screen down, so the
  // guard falls back to its own buttons and beforeunload. Which router is around never changes
  // while the form is mounted, so the same hook runs on every render.
  const useLeaveBlocker = useContext(UNSAFE_DataRouterContext) ? useBlocker : noBlocker;
  const blocker = useLeaveBlocker(shouldBlock);
  // The newest blocked navigation: a second Back while the question is open replaces the first.
  const blockerRef = useRef(blocker);
  blockerRef.current = blocker;

  // An edit after the decision is a new state of the form: a pass that no navigation used (the
  // editor was closed, not left) must not let a later one through unasked.
  useEffect(() => {
    passNext.current = false;
  }, [dirty]);

  const ask = useCallback(
    (forBlocker: boolean, leave: () => void, stay: () => void) => {
      const dialog = dialogs.confirm({
        title: LEAVE_TITLE,
        content: leaveContent(what),
        okText: 'Leave',
        okButtonProps: { danger: true },
        cancelText: 'Stay',
        onOk: () => {
          question.current = null;
          leave();
        },
        onCancel: () => {
          question.current = null;
          stay();
        },
      });
      dialog.catch(() => {
        // antd's Modal could not be fetched: nothing was asked, so the admin stays.
        question.current = null;
        stay();
      });
      question.current = { dialog, forBlocker };
    },
    [dialogs, what],
  );

  /** `dirtyNow` is the form's own answer at the click, for forms whose `dirty` arrives a render late. */
  const confirmLeave = useCallback(
    (go: () => void, dirtyNow?: boolean) => {
      if (question.current) return;
      const pass = () => {
        passNext.current = true;
        go();
      };
      if (dirtyNow ?? dirtyRef.current) ask(false, pass, () => undefined);
      else pass();
    },
    [ask],
  );

  const blocked = blocker.state === 'blocked';
  useEffect(() => {
    if (!blocked || question.current?.forBlocker) return;
    // Back pressed while the Cancel button's question is open: that question stands, alone.
    if (question.current) {
      blockerRef.current.reset?.();
      return;
    }
    ask(
      true,
      () => blockerRef.current.proceed?.(),
      () => blockerRef.current.reset?.(),
    );
  }, [blocked, ask]);

  // A question outliving its form (a 401 signed the admin out meanwhile) would lead nowhere.
  useEffect(
    () => () => {
      void question.current?.dialog.then(
        (d) => d.destroy(),
        () => undefined,
      );
      question.current = null;
    },
    [],
  );

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

  return useMemo(() => ({ confirmLeave }), [confirmLeave]);
}
