import { TOKEN_KEY } from '../constants/transport';
import { isPlainObject } from './internal';

/** localStorage keys of spec section 3 and 7; other tools (e2e tests, support staff) rely on them. */
export { TOKEN_KEY };
export const ROOT_KEY = 'root';

// Storage can be missing or throw (private mode, quota, a sandboxed frame): persisted state is a
// convenience, so failures degrade to "nothing stored" rather than breaking the app.
function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

export function readToken(): string | null {
  try {
    return storage()?.getItem(TOKEN_KEY) || null;
  } catch {
    return null;
  }
}

export function writeToken(token: string): void {
  try {
    storage()?.setItem(TOKEN_KEY, token);
  } catch {
    // see storage()
  }
}

export function clearToken(): void {
  try {
    storage()?.removeItem(TOKEN_KEY);
  } catch {
    // see storage()
  }
}

/** The persisted `root` object; anything that is not a JSON object reads as empty. */
export function readRoot(): Record<string, unknown> {
  try {
    const raw = storage()?.getItem(ROOT_KEY);
    if (!raw) return {};
    const parsed: unknown = JSON.parse(raw);
    return isPlainObject(parsed) ? parsed : {};
  } catch {
    return {};
  }
}

export function writeRoot(root: Record<string, unknown>): void {
  try {
    storage()?.setItem(ROOT_KEY, JSON.stringify(root));
  } catch {
    // see storage()
  }
}
