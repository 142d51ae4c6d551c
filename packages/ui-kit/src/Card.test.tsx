import { render, screen } from '@testing-library/react';
import { ThemeProvider } from '@backoffice/ui-kit/antd';
import { Card } from './Card';

describe('Card', () => {
  it('shows its title and extra in the head and its content in the body', () => {
    render(
      <Card title="Fans" extra={<a href="#search">Search</a>}>
        <p>The rows</p>
      </Card>,
    );
    const head = screen.getByText('Fans').closest('.bo-card-head')!;
    expect(head).toContainElement(screen.getByRole('link', { name: 'Search' }));
    expect(head).not.toContainElement(screen.getByText('The rows'));
  });

  it('has no head without a title or an extra, and passes its role and name on', () => {
    render(
      <Card size="small" role="group" aria-label="Total Fans">
        12
      </Card>,
    );
    const card = screen.getByRole('group', { name: 'Total Fans' });
    expect(card.querySelector('.bo-card-head')).toBeNull();
    expect(card).toHaveClass('bo-card-small');
  });

  it('announces loading in place of its content', () => {
    render(
      <Card title="Profile" loading>
        <p>Ada</p>
      </Card>,
    );
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    expect(screen.queryByText('Ada')).not.toBeInTheDocument();
  });

  it.each([
    ['light', '#ffffff'],
    ['dark', '#141414'],
  ] as const)("takes the %s theme's container colour from the ConfigProvider it is in", (mode, background) => {
    render(
      <ThemeProvider mode={mode}>
        <Card title="Fans">rows</Card>
      </ThemeProvider>,
    );
    const card = screen.getByText('Fans').closest('.bo-card-box') as HTMLElement;
    expect(card.style.getPropertyValue('--bo-card-bg')).toBe(background);
  });
});
