import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SearchBox } from './SearchBox';

describe('SearchBox', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  const setup = (props: { value?: string; debounceMs?: number } = {}) => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const onSearch = jest.fn();
    const view = render(<SearchBox placeholder="Search by name" onSearch={onSearch} {...props} />);
    const box = screen.getByRole('textbox', { name: 'Search by name' });
    return { user, onSearch, box, view };
  };

  const wait = (ms: number) => act(() => jest.advanceTimersByTime(ms));

  it('reports the text once, 800 ms after the last keystroke', async () => {
    const { user, onSearch, box } = setup();
    await user.type(box, 'ann');
    await wait(799);
    expect(onSearch).not.toHaveBeenCalled();
    await wait(1);
    expect(onSearch).toHaveBeenCalledTimes(1);
    expect(onSearch).toHaveBeenCalledWith('ann');
    await wait(5000);
    expect(onSearch).toHaveBeenCalledTimes(1);
  });

  it('restarts the wait on every keystroke', async () => {
    const { user, onSearch, box } = setup();
    await user.type(box, 'an');
    await wait(500);
    await user.type(box, 'n');
    await wait(500);
    expect(onSearch).not.toHaveBeenCalled();
    await wait(300);
    expect(onSearch).toHaveBeenCalledWith('ann');
  });

  it('reports the trimmed text and ignores changes of whitespace only', async () => {
    const { user, onSearch, box } = setup();
    await user.type(box, '  ann ');
    await wait(800);
    expect(onSearch).toHaveBeenCalledWith('ann');
    await user.type(box, '   ');
    await wait(800);
    expect(onSearch).toHaveBeenCalledTimes(1);
    // The box keeps what the admin typed, spaces included, so a second word can follow.
    expect(box).toHaveValue('  ann    ');
  });

  it('does not report whitespace typed into an empty box, nor the search already in effect', async () => {
    const { user, onSearch, box } = setup({ value: 'bob' });
    expect(box).toHaveValue('bob');
    await user.type(box, ' ');
    await wait(800);
    await user.clear(box);
    await user.type(box, 'bob');
    await wait(800);
    expect(onSearch).not.toHaveBeenCalled();
  });

  it('reports at once on Enter and not again when the wait ends', async () => {
    const { user, onSearch, box } = setup();
    await user.type(box, 'ann{Enter}');
    expect(onSearch).toHaveBeenCalledWith('ann');
    await wait(800);
    expect(onSearch).toHaveBeenCalledTimes(1);
  });

  it('reports an empty search at once when cleared', async () => {
    const { user, onSearch, box } = setup({ value: 'ann' });
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(onSearch).toHaveBeenCalledWith('');
    expect(box).toHaveValue('');
    await wait(800);
    expect(onSearch).toHaveBeenCalledTimes(1);
  });

  it('shows a search set from outside, such as the URL after Back', async () => {
    const onSearch = jest.fn();
    const { rerender } = render(<SearchBox placeholder="Search by name" value="ann" onSearch={onSearch} />);
    rerender(<SearchBox placeholder="Search by name" value="bob" onSearch={onSearch} />);
    expect(screen.getByRole('textbox', { name: 'Search by name' })).toHaveValue('bob');
    expect(onSearch).not.toHaveBeenCalled();
  });

  it('keeps the spaces being typed when the reported search comes back as the value', async () => {
    const { user, onSearch, box, view } = setup();
    await user.type(box, 'ann ');
    await wait(800);
    expect(onSearch).toHaveBeenCalledWith('ann');
    view.rerender(<SearchBox placeholder="Search by name" value="ann" onSearch={onSearch} />);
    expect(box).toHaveValue('ann ');
  });

  it('honours another delay and an explicit accessible name', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const onSearch = jest.fn();
    render(<SearchBox placeholder="Search" ariaLabel="Search calls" debounceMs={200} onSearch={onSearch} />);
    await user.type(screen.getByRole('textbox', { name: 'Search calls' }), 'x');
    await wait(200);
    expect(onSearch).toHaveBeenCalledWith('x');
  });
});
