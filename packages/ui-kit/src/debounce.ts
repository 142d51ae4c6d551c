import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';

/**
 * The one debounce of the product: `schedule(...args)` calls `fn` once calls have stopped for `ms`
 * (each call restarts the wait), `cancel()` drops a pending call, and unmounting cancels. The call
 * uses the latest `fn`, not the one of the render that scheduled it.
 */
export function useDebouncedCallback<A extends unknown[]>(fn: (...args: A) => void, ms: number) {
  const latest = useRef(fn);
  useLayoutEffect(() => {
    latest.current = fn;
  });
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const cancel = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
  }, []);
  const schedule = useCallback(
    (...args: A) => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        timer.current = undefined;
        latest.current(...args);
      }, ms);
    },
    [ms],
  );
  useEffect(() => cancel, [cancel]);
  return { schedule, cancel };
}

/** `value`, once it has stopped changing for `ms`. */
export function useDebouncedValue<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  const { schedule } = useDebouncedCallback((next: T) => setSettled(() => next), ms);
  // Every new value restarts the wait (one equal to the settled value too: it drops a pending other).
  useEffect(() => schedule(value), [value, schedule]);
  return settled;
}
