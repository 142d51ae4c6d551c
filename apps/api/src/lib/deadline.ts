/**
 * What `work` settles with if it settles within `ms`, else what `late()` gives (a fallback, or a
 * thrown error). For the calls that must never hold a request or a stop: Redis, readiness probes.
 * `work` is left running; a rejection it has after the deadline is ignored.
 */
export function beforeDeadline<T>(work: Promise<T>, ms: number, late: () => T | Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<typeof EXPIRED>((resolve) => {
    timer = setTimeout(() => resolve(EXPIRED), ms);
    timer.unref?.();
  });
  work.catch(() => undefined);
  return Promise.race([work, expired]).then(
    (r) => {
      clearTimeout(timer);
      return r === EXPIRED ? late() : (r as T);
    },
    (e: unknown) => {
      clearTimeout(timer);
      throw e;
    },
  );
}

const EXPIRED = Symbol('expired');
