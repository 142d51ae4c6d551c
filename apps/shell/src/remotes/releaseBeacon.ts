import { callEndpoint } from '@backoffice/shared-api';
import { overridesFor, registrySnapshot, type RemoteName } from './registry';

/** What the shell counts of a remote's released version in this page. */
export type RemoteEvent = 'views' | 'loadFailures' | 'integrityFailures' | 'errors';

interface Counts {
  remote: RemoteName;
  version: string;
  views: number;
  loadFailures: number;
  integrityFailures: number;
  errors: number;
}

/**
 * Counts are sent together, at most every 2 s (the server takes 30 reports a minute per session):
 * a screen that throws on every view still costs one small request per burst.
 */
const BATCH_MS = 2000;
const pending = new Map<string, Counts>();
let timer: ReturnType<typeof setTimeout> | undefined;

async function flush(): Promise<void> {
  timer = undefined;
  const reports = [...pending.values()];
  pending.clear();
  if (!reports.length) return;
  // Counts only: no message, no stack, no token, nothing about the admin. A lost report is only a
  // figure less; the page never waits on it.
  await callEndpoint('reportRemotes', { body: { reports } }).catch(() => undefined);
}

/**
 * Counts a page view, a load failure, an integrity failure or an error caught by the boundary of a
 * remote's screen, against the released version this admin runs: the server halts a staged version
 * that fails more than the current one. A developer's override is not a release and is not counted.
 */
export function reportRemote(remote: RemoteName, event: RemoteEvent): void {
  const registry = registrySnapshot();
  const entry = registry?.remotes[remote];
  if (!entry || !entry.integrity || overridesFor(registry).active[remote]) return;
  const key = `${remote}@${entry.version}`;
  const counts = pending.get(key) ?? {
    remote,
    version: entry.version,
    views: 0,
    loadFailures: 0,
    integrityFailures: 0,
    errors: 0,
  };
  counts[event] = Math.min(counts[event] + 1, 1000);
  pending.set(key, counts);
  timer ??= setTimeout(() => void flush(), BATCH_MS);
}

if (typeof window !== 'undefined') {
  // Leaving the page sends what is counted rather than drop it.
  window.addEventListener('pagehide', () => void flush());
}
