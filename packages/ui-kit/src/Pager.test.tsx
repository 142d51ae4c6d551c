import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Pager, pageWindow } from './Pager';

describe('pageWindow', () => {
  it.each([
    [1, 1, [1]],
    [1, 5, [1, 2, 3, 4, 5]],
    [3, 5, [1, 2, 3, 4, 5]],
    [5, 5, [1, 2, 3, 4, 5]],
    [1, 6, [1, 2, 3, 4, 'ellipsis', 6]],
    [3, 6, [1, 2, 3, 4, 'ellipsis', 6]],
    [4, 6, [1, 'ellipsis', 3, 4, 5, 6]],
    [6, 6, [1, 'ellipsis', 3, 4, 5, 6]],
    [1, 50, [1, 2, 3, 4, 'ellipsis', 50]],
    [3, 50, [1, 2, 3, 4, 'ellipsis', 50]],
    [4, 50, [1, 'ellipsis', 3, 4, 5, 'ellipsis', 50]],
    [25, 50, [1, 'ellipsis', 24, 25, 26, 'ellipsis', 50]],
    [50, 50, [1, 'ellipsis', 47, 48, 49, 50]],
  ])('page %i of %i -> %j', (page, pageCount, expected) => {
    expect(pageWindow(page, pageCount)).toEqual(expected);
  });

  it('never offers more than five numbers, always the first, the last and the current page', () => {
    for (let pageCount = 1; pageCount <= 60; pageCount++) {
      for (let page = 1; page <= pageCount; page++) {
        const numbers = pageWindow(page, pageCount).filter((item) => item !== 'ellipsis');
        expect(numbers.length).toBeLessThanOrEqual(5);
        expect(numbers).toEqual(expect.arrayContaining([1, page, pageCount]));
        expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
      }
    }
  });

  it('honours another link budget and survives out-of-range input', () => {
    expect(pageWindow(10, 20, 7)).toEqual([1, 'ellipsis', 8, 9, 10, 11, 12, 'ellipsis', 20]);
    expect(pageWindow(1, 0)).toEqual([1]);
    expect(pageWindow(99, 6)).toEqual([1, 'ellipsis', 3, 4, 5, 6]);
  });
});

/** The pagination bar's items between Previous and Next, in the order the user sees them. */
function numberedLinks() {
  const bar = screen.getByRole('navigation', { name: 'Pagination' }).firstElementChild!;
  return Array.from(bar.children, (item) => item.textContent).slice(1, -1);
}

describe('Pager, numbered', () => {
  const renderPager = (page: number, total: number, onChange = jest.fn()) => {
    render(<Pager variant="numbered" page={page} pageSize={10} total={total} onChange={onChange} />);
    return onChange;
  };

  it.each([
    // pages, page, footer, links
    [1, 1, 'Showing 1 to 7 of 7 entries', ['1']],
    [5, 1, 'Showing 1 to 10 of 50 entries', ['1', '2', '3', '4', '5']],
    [5, 3, 'Showing 21 to 30 of 50 entries', ['1', '2', '3', '4', '5']],
    [5, 5, 'Showing 41 to 43 of 43 entries', ['1', '2', '3', '4', '5']],
    [6, 1, 'Showing 1 to 10 of 55 entries', ['1', '2', '3', '4', '…', '6']],
    [6, 4, 'Showing 31 to 40 of 55 entries', ['1', '…', '3', '4', '5', '6']],
    [6, 6, 'Showing 51 to 55 of 55 entries', ['1', '…', '3', '4', '5', '6']],
    [50, 1, 'Showing 1 to 10 of 500 entries', ['1', '2', '3', '4', '…', '50']],
    [50, 25, 'Showing 241 to 250 of 500 entries', ['1', '…', '24', '25', '26', '…', '50']],
    [50, 50, 'Showing 491 to 497 of 497 entries', ['1', '…', '47', '48', '49', '50']],
  ])('%i pages, page %i: "%s" and links %j', (pages, page, footer, expected) => {
    const total = Number(footer.split(' of ')[1]!.split(' ')[0]);
    expect(Math.ceil(total / 10)).toBe(pages);
    renderPager(page, total);
    expect(screen.getByText(footer)).toBeInTheDocument();
    expect(numberedLinks()).toEqual(expected);
    expect(screen.getByRole('button', { name: `Page ${page}` })).toHaveAttribute('aria-current', 'page');
    expect(screen.getAllByRole('button').filter((b) => b.hasAttribute('aria-current'))).toHaveLength(1);
  });

  it('says "Showing 0 to 0 of 0 entries" and offers no move when there is nothing', () => {
    renderPager(1, 0);
    expect(screen.getByText('Showing 0 to 0 of 0 entries')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('disables Previous on the first page and Next on the last', () => {
    renderPager(1, 30);
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
  });

  it('enables both in the middle and disables Next on the last page', () => {
    const { unmount } = render(<Pager variant="numbered" page={2} pageSize={10} total={30} onChange={jest.fn()} />);
    expect(screen.getByRole('button', { name: 'Previous' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
    unmount();
    renderPager(3, 30);
    expect(screen.getByRole('button', { name: 'Previous' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('reports the page chosen through Previous, Next and the numbers, but not the current one', async () => {
    const user = userEvent.setup();
    const onChange = renderPager(25, 500);
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(onChange).toHaveBeenLastCalledWith(24);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(onChange).toHaveBeenLastCalledWith(26);
    await user.click(screen.getByRole('button', { name: 'Page 50' }));
    expect(onChange).toHaveBeenLastCalledWith(50);
    await user.click(screen.getByRole('button', { name: 'Page 25' }));
    expect(onChange).toHaveBeenCalledTimes(3);
  });

  it('shows the skipped pages as a marker the user cannot click', () => {
    renderPager(25, 500);
    const markers = screen.getAllByText('…');
    expect(markers).toHaveLength(2);
    for (const marker of markers) expect(marker.closest('button')).toBeNull();
  });
});

describe('Pager, numbered, on a list too large to count', () => {
  it('says "of about 2.4 million entries" for an estimate and offers its last page', () => {
    render(<Pager variant="numbered" page={1} pageSize={10} total={2_400_000} totalIs="about" onChange={jest.fn()} />);
    expect(screen.getByText('Showing 1 to 10 of about 2.4 million entries')).toBeInTheDocument();
    expect(numberedLinks()).toEqual(['1', '2', '3', '4', '…', '240000']);
  });

  it('says "of about 24,000 entries" under a million', () => {
    render(<Pager variant="numbered" page={3} pageSize={10} total={24_000} totalIs="about" onChange={jest.fn()} />);
    expect(screen.getByText('Showing 21 to 30 of about 24,000 entries')).toBeInTheDocument();
  });

  it('says "of more than 10,000 entries" for a lower bound, and Next goes on past it', async () => {
    const onChange = jest.fn();
    render(<Pager variant="numbered" page={1001} pageSize={10} total={10_001} totalIs="atLeast" onChange={onChange} />);
    expect(screen.getByText('Showing 10001 to 10010 of more than 10,000 entries')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Next' }));
    expect(onChange).toHaveBeenCalledWith(1002);
  });
});

describe('Pager, simple', () => {
  it("shows 'Prev', 'Next' and 'Page X of Y' under a full page", async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    render(<Pager variant="simple" page={2} pageSize={10} total={35} rowsOnPage={10} onChange={onChange} />);
    expect(screen.getByText('Page 2 of 4')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Prev' }));
    expect(onChange).toHaveBeenLastCalledWith(1);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(onChange).toHaveBeenLastCalledWith(3);
  });

  it('disables Prev on the first page and Next on the last', () => {
    const { rerender } = render(
      <Pager variant="simple" page={1} pageSize={10} total={20} rowsOnPage={10} onChange={jest.fn()} />,
    );
    expect(screen.getByRole('button', { name: 'Prev' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
    rerender(<Pager variant="simple" page={2} pageSize={10} total={20} rowsOnPage={10} onChange={jest.fn()} />);
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Prev' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('is hidden when the page returned fewer rows than the page size', () => {
    const { container } = render(
      <Pager variant="simple" page={1} pageSize={10} total={4} rowsOnPage={4} onChange={jest.fn()} />,
    );
    expect(container).toBeEmptyDOMElement();
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
  });
});
