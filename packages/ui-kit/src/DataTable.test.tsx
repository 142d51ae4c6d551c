import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DataTable, type DataTableColumn } from './DataTable';

interface Fan {
  id: string;
  userName: string;
  email: string | null;
  calls: number;
}

const fans: Fan[] = [
  { id: 'a', userName: 'ann', email: 'ann@example.com', calls: 3 },
  { id: 'b', userName: 'bob', email: null, calls: 0 },
];

const columns: Array<DataTableColumn<Fan>> = [
  { key: 'userName', title: 'User Name', sortable: true },
  { key: 'email', title: 'Email', sortable: true },
  { key: 'calls', title: 'Calls', align: 'right', render: (fan, index) => `${index + 1}: ${fan.calls} calls` },
];

const rowKey = (fan: Fan) => fan.id;

describe('DataTable', () => {
  it('shows a header cell per column and a row per record, with default and custom cells', () => {
    render(<DataTable columns={columns} rows={fans} rowKey={rowKey} caption="Fans" />);
    const table = screen.getByRole('table', { name: 'Fans' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['User Name', 'Email', 'Calls']);
    const [, first, second] = within(table).getAllByRole('row');
    expect(
      within(first!)
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual(['ann', 'ann@example.com', '1: 3 calls']);
    // A missing value is an empty cell, not "null".
    expect(
      within(second!)
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual(['bob', '', '2: 0 calls']);
  });

  it("says 'Data Not Found' in one full-width row when there are no rows", () => {
    render(<DataTable columns={columns} rows={[]} rowKey={rowKey} />);
    const cell = screen.getByRole('cell', { name: 'Data Not Found' });
    expect(cell).toHaveAttribute('colspan', '3');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows the empty text the screen asks for', () => {
    render(<DataTable columns={columns} rows={[]} rowKey={rowKey} emptyText="No calls found." />);
    expect(screen.getByText('No calls found.')).toBeInTheDocument();
    expect(screen.queryByText('Data Not Found')).not.toBeInTheDocument();
  });

  it('shows a loader instead of the empty text while the first page loads', () => {
    render(<DataTable columns={columns} rows={undefined} rowKey={rowKey} loading />);
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    expect(screen.queryByText('Data Not Found')).not.toBeInTheDocument();
  });

  it('stands in a page of placeholder rows while the first page loads, and shows the pager only with the rows', () => {
    const footer = <span>Showing the pager</span>;
    const { container, rerender } = render(
      <DataTable columns={columns} rows={undefined} rowKey={rowKey} loading skeletonRows={7} footer={footer} />,
    );
    expect(container.querySelectorAll('[data-skeleton]')).toHaveLength(7);
    // No table yet: its columns would take new widths when the rows came, and the headings move.
    expect(container.querySelector('table')).toBeNull();
    expect(screen.queryByText('Showing the pager')).not.toBeInTheDocument();

    // A new search whose previous answer was empty: still placeholders, still no pager.
    rerender(<DataTable columns={columns} rows={[]} rowKey={rowKey} loading skeletonRows={7} footer={footer} />);
    expect(container.querySelectorAll('[data-skeleton]')).toHaveLength(7);
    expect(screen.queryByText('Showing the pager')).not.toBeInTheDocument();

    rerender(<DataTable columns={columns} rows={fans} rowKey={rowKey} skeletonRows={7} footer={footer} />);
    expect(container.querySelectorAll('[data-skeleton]')).toHaveLength(0);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.getByText('Showing the pager')).toBeInTheDocument();

    // An answer with no rows is an answer: the empty text and the pager ("0 of 0") show.
    rerender(<DataTable columns={columns} rows={[]} rowKey={rowKey} skeletonRows={7} footer={footer} />);
    expect(screen.getByText('Data Not Found')).toBeInTheDocument();
    expect(screen.getByText('Showing the pager')).toBeInTheDocument();
  });

  it('keeps the rows on screen and shows the loader over them while the next page loads', () => {
    render(<DataTable columns={columns} rows={fans} rowKey={rowKey} loading />);
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'ann' })).toBeInTheDocument();
    expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'true');
  });

  it('marks the sorted column for assistive technology and leaves unsortable ones unmarked', () => {
    render(<DataTable columns={columns} rows={fans} rowKey={rowKey} sort={{ sortBy: 'email', sortOrder: 'desc' }} />);
    expect(screen.getByRole('columnheader', { name: /User Name/ })).toHaveAttribute('aria-sort', 'none');
    expect(screen.getByRole('columnheader', { name: /Email/ })).toHaveAttribute('aria-sort', 'descending');
    expect(screen.getByRole('columnheader', { name: 'Calls' })).not.toHaveAttribute('aria-sort');
    expect(screen.queryByRole('button', { name: 'Calls' })).not.toBeInTheDocument();
  });

  it('flips the order of the sorted column and sorts another column ascending', async () => {
    const user = userEvent.setup();
    const onSortChange = jest.fn();
    const { rerender } = render(
      <DataTable
        columns={columns}
        rows={fans}
        rowKey={rowKey}
        sort={{ sortBy: 'userName', sortOrder: 'asc' }}
        onSortChange={onSortChange}
      />,
    );
    expect(screen.getByRole('columnheader', { name: /User Name/ })).toHaveAttribute('aria-sort', 'ascending');

    await user.click(screen.getByRole('button', { name: 'User Name' }));
    expect(onSortChange).toHaveBeenLastCalledWith('userName', 'desc');

    rerender(
      <DataTable
        columns={columns}
        rows={fans}
        rowKey={rowKey}
        sort={{ sortBy: 'userName', sortOrder: 'desc' }}
        onSortChange={onSortChange}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'User Name' }));
    expect(onSortChange).toHaveBeenLastCalledWith('userName', 'asc');

    await user.click(screen.getByRole('button', { name: 'Email' }));
    expect(onSortChange).toHaveBeenLastCalledWith('email', 'asc');
    expect(onSortChange).toHaveBeenCalledTimes(3);
  });

  it('shows the footer under the table', () => {
    render(
      <DataTable columns={columns} rows={fans} rowKey={rowKey} footer={<span>Showing 1 to 2 of 2 entries</span>} />,
    );
    expect(screen.getByText('Showing 1 to 2 of 2 entries')).toBeInTheDocument();
  });

  describe('wider than its room (a phone)', () => {
    const widths = (scroll: number, client: number) => {
      jest.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(scroll);
      jest.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(client);
    };
    afterEach(() => jest.restoreAllMocks());

    it('is a region named by its caption that the keyboard can reach and scroll', () => {
      widths(900, 358);
      render(<DataTable columns={columns} rows={fans} rowKey={rowKey} caption="Fans" />);
      expect(screen.getByRole('region', { name: 'Fans' })).toHaveAttribute('tabindex', '0');
    });

    it('adds no tab stop while everything fits', () => {
      widths(358, 358);
      render(<DataTable columns={columns} rows={fans} rowKey={rowKey} caption="Fans" />);
      expect(screen.queryByRole('region')).toBeNull();
    });
  });
});
