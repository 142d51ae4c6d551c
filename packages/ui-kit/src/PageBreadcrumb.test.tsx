import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { PageBreadcrumb } from './PageBreadcrumb';

function Where() {
  return <output aria-label="location">{useLocation().pathname}</output>;
}

const renderAt = (path: string, items: Parameters<typeof PageBreadcrumb>[0]['items']) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <PageBreadcrumb items={items} />
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );

describe('PageBreadcrumb', () => {
  it('links the crumbs that lead somewhere and shows the current page as text', () => {
    renderAt('/app/manage-cupon-history', [{ title: 'Dashboard', to: '/app' }, { title: 'Redemption History' }]);
    const nav = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/app');
    expect(within(nav).getByText('Redemption History')).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Redemption History' })).not.toBeInTheDocument();
    expect(within(nav).getByText('Redemption History').closest('[aria-current="page"]')).not.toBeNull();
  });

  it('navigates in the app without a page load, under the root base too', async () => {
    const user = userEvent.setup();
    renderAt('/fans/view/42', [{ title: 'Dashboard', to: '/' }, { title: 'Fans', to: '/fans' }, { title: 'View' }]);
    await user.click(screen.getByRole('link', { name: 'Fans' }));
    expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent('/fans');
  });

  it.each([
    ['/app/fans/view/42', '/app/fans'],
    ['/fans/view/42', '/fans'],
  ])('resolves a relative crumb inside a route tree mounted under either base (%s)', (path, expected) => {
    // The way a remote mounts its screens: the same tree under /app and under /.
    const screens = (
      <Route path="fans">
        <Route path="view/:id" element={<PageBreadcrumb items={[{ title: 'Fans', to: '..' }, { title: 'View' }]} />} />
      </Route>
    );
    render(
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/app">{screens}</Route>
          <Route path="/">{screens}</Route>
        </Routes>
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Fans' })).toHaveAttribute('href', expected);
  });
});
