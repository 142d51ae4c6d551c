import { useSyncExternalStore } from 'react';

// Part of the runtime (one store per page) rather than of ui-kit's antd entry: the sign-in page,
// which loads no antd, is coloured by the same choice as every screen after it.

export type ThemeMode = 'light' | 'dark';

/** localStorage key of the admin's choice of theme; per browser, as a look is. */
export const THEME_STORAGE_KEY = 'backoffice:theme';

const DARK_QUERY = '(prefers-color-scheme: dark)';

function stored(): ThemeMode | null {
  try {
    const value = localStorage.getItem(THEME_STORAGE_KEY);
    return value === 'light' || value === 'dark' ? value : null;
  } catch {
    return null;
  }
}

function systemMode(): ThemeMode {
  return typeof window !== 'undefined' && window.matchMedia?.(DARK_QUERY).matches ? 'dark' : 'light';
}

// A choice this page could not store (storage disabled by a privacy setting) lasts as long as the page.
let unstored: ThemeMode | null = null;
let mode: ThemeMode = 'light';
const listeners = new Set<() => void>();

/** Until the admin chooses, the system's preference decides. */
function refresh(): void {
  const next = stored() ?? unstored ?? systemMode();
  if (next === mode) return;
  mode = next;
  for (const l of [...listeners]) l();
}

function onStorage(event: StorageEvent): void {
  // Another tab chose; `key` is null when it cleared the whole storage.
  if (event.key === THEME_STORAGE_KEY || event.key === null) refresh();
}

let media: MediaQueryList | undefined;

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) {
    window.addEventListener('storage', onStorage);
    media = window.matchMedia?.(DARK_QUERY);
    media?.addEventListener?.('change', refresh);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0) return;
    window.removeEventListener('storage', onStorage);
    media?.removeEventListener?.('change', refresh);
    media = undefined;
  };
}

export const themeMode = {
  get(): ThemeMode {
    // Nobody listens for changes before the first subscription, so the first reads look themselves.
    if (listeners.size === 0) refresh();
    return mode;
  },
  /** Remembers the choice in this browser; every tab follows it. */
  set(next: ThemeMode): void {
    try {
      localStorage.setItem(THEME_STORAGE_KEY, next);
    } catch {
      unstored = next;
    }
    refresh();
  },
  subscribe,
};

/** The theme in use and a way to change it, remembered across reloads. */
export function useThemeMode(): [ThemeMode, (mode: ThemeMode) => void] {
  const current = useSyncExternalStore(themeMode.subscribe, themeMode.get, themeMode.get);
  return [current, themeMode.set];
}
