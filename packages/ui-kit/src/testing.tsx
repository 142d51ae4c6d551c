/** Helpers for the screens' unit tests (`@backoffice/ui-kit/testing`): the app around a screen, and reading tables and buttons as an admin sees them. */
import type { ReactNode } from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  createMemoryRouter,
  createRoutesFromElements,
  Outlet,
  Route,
  RouterProvider,
  useLocation,
  type InitialEntry,
  type Location,
  type RouteObject,
} from 'react-router-dom';
import { createQueryClient } from '@backoffice/shared-api';
import { AppProviders } from './host/AppProviders';

/**
 * `routes` in a memory router with the app's providers: a data router, as the hosts render,
 * because the unsaved-changes guard's blocker exists only there. `history` is the browser's, the
 * current page last unless `index` says otherwise; `router` plays the browser (`router.navigate(-1)`
 * is Back); `url()` is where the page is now, as rendered.
 */
export function renderRoutes(history: InitialEntry[], routes: RouteObject[], index = history.length - 1) {
  // Where the page rendered last, which the router's own state is ahead of while React renders.
  let location: Location | undefined;
  const Probe = () => {
    location = useLocation();
    return null;
  };
  const root: RouteObject = {
    // Named: createRoutesFromElements numbers its routes from "0", which a numbered root would take.
    id: 'rendered-location',
    element: (
      <>
        <Outlet />
        <Probe />
      </>
    ),
    children: routes,
  };
  const router = createMemoryRouter([root], { initialEntries: history, initialIndex: index });
  const rendered = render(
    <AppProviders queryClient={createQueryClient()} toasts>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...rendered, router, url: () => `${location?.pathname}${location?.search}` };
}

/**
 * A remote's screens nested as the shell nests them: `areas` are `<Route path="x/*" …>` elements
 * placed under /app, beside a Dashboard page.
 */
export function renderInApp(entry: InitialEntry, areas: ReactNode) {
  return renderRoutes(
    [entry],
    createRoutesFromElements(
      <Route path="/app">
        <Route index element={<p>Dashboard page</p>} />
        {areas}
      </Route>,
    ),
  );
}

/** The header texts of the list's table, in order. */
export const headers = () =>
  within(screen.getByRole('table'))
    .getAllByRole('columnheader')
    .map((h) => h.textContent);

/** A button by its text: role queries over a full antd screen are slow in jsdom. */
export const buttonIn = (root: HTMLElement, name: string) => {
  const label = within(root).getByText(name, { selector: 'button span' });
  return label.closest('button')!;
};

/** The cell texts of the table row that contains `text`. */
export const rowOf = (text: string) => within(screen.getByText(text).closest('tr')!);

/** A failed load names itself and offers Retry; `recover` lets the server answer, which Retry then shows. */
export async function expectRetryRecovers(errorTitle: string, recover: () => void, recovered: string) {
  // The query retries once by itself before giving up.
  expect(await screen.findByText(errorTitle, {}, { timeout: 5000 })).toBeInTheDocument();
  recover();
  await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
  expect(await screen.findByText(recovered)).toBeInTheDocument();
}

/** An open antd Select's options (closed dropdowns stay in the DOM, hidden). */
const OPEN_OPTION = '.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option';

/** Picks the option labelled `label` in an antd Select, as an admin does: open it, click the option. */
export async function chooseOption(select: HTMLElement, label: string): Promise<void> {
  // antd disables pointer events on its controls while they animate; the check would refuse the clicks.
  const user = userEvent.setup({ pointerEventsCheck: 0 });
  await user.click(select);
  const option = await waitFor(() => {
    // The open dropdown's option first: a closed one may hold an option of the same name. antd
    // keeps a just-closed dropdown clickable while it animates out, so that one is taken next.
    const found =
      document.querySelector<HTMLElement>(`${OPEN_OPTION}[title="${label}"]`) ??
      document.querySelector<HTMLElement>(`.ant-select-item-option[title="${label}"]`);
    if (!found) throw new Error(`no option ${label}`);
    return found;
  });
  await user.click(option);
}

/** Replaces a field's text as an admin pasting it would: one change, not a render per letter. */
export async function replaceText(field: HTMLElement, value: string): Promise<void> {
  // As chooseOption: antd's controls refuse pointer events while they animate.
  const user = userEvent.setup({ pointerEventsCheck: 0 });
  await user.clear(field);
  if (value) await user.paste(value);
}
