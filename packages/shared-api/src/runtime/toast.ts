export type ToastKind = 'success' | 'error' | 'info' | 'warning';
export type ToastHandler = (kind: ToastKind, message: string) => void;

// Bounded so that a loop raising toasts before the shell mounts cannot grow memory without limit.
const MAX_QUEUED = 20;

let handler: ToastHandler | null = null;
const queue: Array<[ToastKind, string]> = [];

function show(kind: ToastKind, message: string): void {
  if (handler) {
    handler(kind, message);
    return;
  }
  queue.push([kind, message]);
  if (queue.length > MAX_QUEUED) queue.shift();
}

/**
 * The shell owns the look of toasts (antd notifications); every other app raises them through here
 * so that remotes need not know who renders them.
 */
export const toast = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
  info: (message: string) => show('info', message),
  warning: (message: string) => show('warning', message),
};

/**
 * Registers the renderer and delivers what was raised before it existed (a logout during start-up,
 * say). Returns an unregister function that only removes this handler, not a newer one.
 */
export function setToastHandler(next: ToastHandler): () => void {
  handler = next;
  for (const [kind, message] of queue.splice(0)) next(kind, message);
  return () => {
    if (handler === next) handler = null;
  };
}
