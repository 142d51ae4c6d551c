import { act, renderHook } from '@testing-library/react';
import { useDebouncedCallback, useDebouncedValue } from './debounce';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('useDebouncedCallback', () => {
  it('calls once, with the last arguments, when calls stop for the wait', () => {
    const fn = jest.fn();
    const { result } = renderHook(() => useDebouncedCallback(fn, 300));
    act(() => {
      result.current.schedule('a');
      jest.advanceTimersByTime(200);
      result.current.schedule('ab');
      jest.advanceTimersByTime(299);
    });
    expect(fn).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(1));
    expect(fn).toHaveBeenCalledTimes(1);
    expect(fn).toHaveBeenCalledWith('ab');
  });

  it('cancel drops the pending call, and so does unmounting', () => {
    const fn = jest.fn();
    const { result, unmount } = renderHook(() => useDebouncedCallback(fn, 300));
    act(() => {
      result.current.schedule('a');
      result.current.cancel();
      jest.advanceTimersByTime(1000);
    });
    act(() => result.current.schedule('b'));
    unmount();
    act(() => jest.advanceTimersByTime(1000));
    expect(fn).not.toHaveBeenCalled();
  });

  it('calls the latest function, not the one of the render that scheduled it', () => {
    const first = jest.fn();
    const second = jest.fn();
    const { result, rerender } = renderHook(({ fn }) => useDebouncedCallback(fn, 300), {
      initialProps: { fn: first },
    });
    act(() => result.current.schedule('x'));
    rerender({ fn: second });
    act(() => jest.advanceTimersByTime(300));
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledWith('x');
  });
});

describe('useDebouncedValue', () => {
  it('follows the value once it stops changing, and a return to the settled value drops a pending other', () => {
    const { result, rerender } = renderHook(({ v }) => useDebouncedValue(v, 300), { initialProps: { v: 'a' } });
    rerender({ v: 'ab' });
    act(() => jest.advanceTimersByTime(299));
    expect(result.current).toBe('a');
    act(() => jest.advanceTimersByTime(1));
    expect(result.current).toBe('ab');
    rerender({ v: 'abc' });
    act(() => jest.advanceTimersByTime(100));
    rerender({ v: 'ab' });
    act(() => jest.advanceTimersByTime(1000));
    expect(result.current).toBe('ab');
  });
});
