/** The part of fs-native-extensions (which ships no types) that the data-directory lock uses. */
declare module 'fs-native-extensions' {
  /** Locks the whole file open on `fd`; false when another open file holds a lock on it. */
  export function tryLock(fd: number, options?: { shared?: boolean }): boolean;
  export function unlock(fd: number): void;
}
