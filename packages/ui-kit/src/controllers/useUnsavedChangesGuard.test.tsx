import { useState } from 'react';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, Route, Routes, useNavigate, type InitialEntry } from 'react-router-dom';
import { session } from '@backoffice/shared-api/runtime';
import { ADMIN, ok, signIn, stubApi } from '@backoffice/shared-api/testing';
import { createQueryClient } from '@backoffice/shared-api';
import { renderRoutes } from '../testing';
import { AppProviders } from '../host/AppProviders';
import { LOGOUT_PATH, SignOut } from '../host/SignOut';
import { LEAVE_TITLE, leaveContent, useUnsavedChangesGuard } from './useUnsavedChangesGuard';

/**
 * A note editor as the guarded screens are: a header with a link, Change Password and Logout (both
 * navigations, as the shell's account menu makes them), the form, its Cancel (confirmLeave) and a
 * Save whose own navigation happens while `dirty` is still true.
 */
function NoteEditor() {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const { confirmLeave } = useUnsavedChangesGuard(text !== '', 'this note');
  return (
    <>
      <header>
        <Link to="/app/notes">All notes</Link>
        <Link to="/app/edit?tab=2">Second tab</Link>
        <button onClick={() => navigate('/change-password')}>Change Password</button>
        <button onClick={() => navigate(LOGOUT_PATH)}>Logout</button>
      </header>
      <label>
        Note
        <input value={text} onChange={(e) => setText(e.target.value)} />
      </label>
      <button onClick={() => confirmLeave(() => navigate('/app/notes'))}>Cancel</button>
      <button onClick={() => confirmLeave(() => navigate('/app/notes'), false)}>Save</button>
    </>
  );
}

const ROUTES = [
  { path: '/app/notes', element: <p>The notes list</p> },
  { path: '/app/edit', element: <NoteEditor /> },
  { path: '/change-password', element: <p>The change-password screen</p> },
  { path: LOGOUT_PATH, element: <SignOut then="/login" /> },
  { path: '/login', element: <p>The sign-in screen</p> },
];

let logouts: number;

beforeEach(() => {
  localStorage.clear();
  signIn(ADMIN);
  logouts = 0;
  stubApi((config) => {
    if (config.url !== '/admin/logout') return undefined;
    logouts += 1;
    return ok({});
  });
});
afterEach(() => session.logout(undefined, { silent: true }));

/** The editor at /app/edit; `history` is the browser's around it (Back and Forward lead there). */
function renderEditor(history: InitialEntry[] = ['/app/edit']) {
  return { user: userEvent.setup(), ...renderRoutes(history, ROUTES, history.indexOf('/app/edit')) };
}

const note = () => screen.getByLabelText<HTMLInputElement>('Note');
const noDialog = () => waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

/** The one question, in its words, answered with `choice`. */
async function answer(user: ReturnType<typeof userEvent.setup>, choice: 'Leave' | 'Stay') {
  const asked = await screen.findByRole('dialog');
  expect(screen.getAllByRole('dialog')).toHaveLength(1);
  expect(asked).toHaveTextContent(LEAVE_TITLE);
  expect(asked).toHaveTextContent(leaveContent('this note'));
  await user.click(within(asked).getByRole('button', { name: choice }));
  await noDialog();
}

/** Stay kept the editor as it was: same page, same address, the typing still there. */
function expectStillEditing(url: () => string) {
  expect(url()).toBe('/app/edit');
  expect(note().value).toBe('Call Ann back');
}

describe('useUnsavedChangesGuard', () => {
  it('asks before a link leaves a dirty form: Stay keeps the page and the address, Leave follows the link', async () => {
    const { user, url } = renderEditor();
    await user.type(note(), 'Call Ann back');
    await user.click(screen.getByRole('link', { name: 'All notes' }));
    expect(url()).toBe('/app/edit');
    await answer(user, 'Stay');
    expectStillEditing(url);

    await user.click(screen.getByRole('link', { name: 'All notes' }));
    await answer(user, 'Leave');
    expect(await screen.findByText('The notes list')).toBeInTheDocument();
    expect(url()).toBe('/app/notes');
  });

  it("asks on the browser's Back", async () => {
    const { user, url, router } = renderEditor(['/app/notes', '/app/edit']);
    await user.type(note(), 'Call Ann back');
    await act(() => router.navigate(-1));
    await answer(user, 'Stay');
    expectStillEditing(url);

    await act(() => router.navigate(-1));
    await answer(user, 'Leave');
    expect(await screen.findByText('The notes list')).toBeInTheDocument();
    expect(url()).toBe('/app/notes');
  });

  it("asks on the browser's Forward", async () => {
    const { user, url, router } = renderEditor(['/app/edit', '/app/notes']);
    await user.type(note(), 'Call Ann back');
    await act(() => router.navigate(1));
    await answer(user, 'Stay');
    expectStillEditing(url);

    await act(() => router.navigate(1));
    await answer(user, 'Leave');
    expect(await screen.findByText('The notes list')).toBeInTheDocument();
  });

  it("asks before the header's Logout: Stay keeps the session untouched, Leave signs out", async () => {
    const { user, url } = renderEditor();
    await user.type(note(), 'Call Ann back');
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    await answer(user, 'Stay');
    expectStillEditing(url);
    expect(session.getState().auth.user).toMatchObject({ token: ADMIN.token });
    expect(localStorage.getItem('_itoken')).toBe(ADMIN.token);
    expect(logouts).toBe(0);

    await user.click(screen.getByRole('button', { name: 'Logout' }));
    await answer(user, 'Leave');
    expect(await screen.findByText('The sign-in screen')).toBeInTheDocument();
    expect(url()).toBe('/login');
    expect(logouts).toBe(1);
    expect(session.getState().auth.user).toBeNull();
    expect(localStorage.getItem('_itoken')).toBeNull();
  });

  it("asks before the header's Change Password", async () => {
    const { user, url } = renderEditor();
    await user.type(note(), 'Call Ann back');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    await answer(user, 'Stay');
    expectStillEditing(url);
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    await answer(user, 'Leave');
    expect(await screen.findByText('The change-password screen')).toBeInTheDocument();
  });

  it('asks nothing while the form is clean: links, Back and Logout go at once', async () => {
    const { user, url, router } = renderEditor(['/app/notes', '/app/edit']);
    await user.click(screen.getByRole('link', { name: 'All notes' }));
    expect(await screen.findByText('The notes list')).toBeInTheDocument();
    await act(() => router.navigate(-1));
    await screen.findByLabelText('Note');
    await act(() => router.navigate(-1));
    expect(await screen.findByText('The notes list')).toBeInTheDocument();
    await act(() => router.navigate(1));
    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('The sign-in screen')).toBeInTheDocument();
    expect(url()).toBe('/login');
    expect(logouts).toBe(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks nothing when only the search changes: the form stays on screen', async () => {
    const { user, url } = renderEditor();
    await user.type(note(), 'Call Ann back');
    await user.click(screen.getByRole('link', { name: 'Second tab' }));
    expect(url()).toBe('/app/edit?tab=2');
    expect(note().value).toBe('Call Ann back');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("asks once when the screen's own Cancel asked first (confirmLeave), and Stay there keeps the form", async () => {
    const { user, url } = renderEditor();
    await user.type(note(), 'Call Ann back');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await answer(user, 'Stay');
    expectStillEditing(url);

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    // answer() saw one question; the navigation it agreed to then went through unasked.
    await answer(user, 'Leave');
    expect(await screen.findByText('The notes list')).toBeInTheDocument();
    expect(url()).toBe('/app/notes');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('lets a navigation the form declares harmless (a save) through unasked, though `dirty` is still true', async () => {
    const { user, url } = renderEditor();
    await user.type(note(), 'Call Ann back');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The notes list')).toBeInTheDocument();
    expect(url()).toBe('/app/notes');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks the browser to confirm closing the tab only while something is unsaved', async () => {
    const { user } = renderEditor();
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(unload()).toBe(false);
    await user.type(note(), 'Call Ann back');
    expect(unload()).toBe(true);
  });

  it('under a shell without a data router (released before it), still guards its own Cancel and does not fail', async () => {
    const user = userEvent.setup();
    render(
      <AppProviders queryClient={createQueryClient()} toasts>
        <MemoryRouter initialEntries={['/app/edit']}>
          <Routes>
            {ROUTES.map((r) => (
              <Route key={r.path} path={r.path} element={r.element} />
            ))}
          </Routes>
        </MemoryRouter>
      </AppProviders>,
    );
    await user.type(note(), 'Call Ann back');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await answer(user, 'Stay');
    expect(note().value).toBe('Call Ann back');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await answer(user, 'Leave');
    expect(await screen.findByText('The notes list')).toBeInTheDocument();
  });
});
