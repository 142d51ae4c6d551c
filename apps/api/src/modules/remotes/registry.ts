import crypto from 'node:crypto';
import fs from 'node:fs';
import type { DataOf, endpoints } from '@backoffice/shared-api/contract';

// The contract's shapes of the reply, without naming them in the package's exports.
type AdminRemoteRegistry = DataOf<typeof endpoints.getRemoteRegistry>;
type AdminRemoteEntry = AdminRemoteRegistry['remotes'][string];

/** A remote's entry as scripts/remotes.js writes it into the registry file. */
interface PublishedEntry {
  version?: unknown;
  manifestUrl?: unknown;
  integrity?: unknown;
  staged?: {
    version?: unknown;
    manifestUrl?: unknown;
    integrity?: unknown;
    admins?: unknown;
    percent?: unknown;
  };
}

/**
 * Where an admin falls in a percentage stage, 0–99: the same for that admin and remote on every
 * request and every server, so the admins in a stage stay in it and raising the percentage only adds
 * some. Per remote, so that the same few admins do not get every stage first.
 */
export function bucketOf(adminId: string, remote: string): number {
  return crypto.createHash('sha256').update(`${adminId}:${remote}`).digest().readUInt32BE(0) % 100;
}

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

function entryOf(e: { version?: unknown; manifestUrl?: unknown; integrity?: unknown }, staged: boolean) {
  if (typeof e.version !== 'string' || typeof e.manifestUrl !== 'string') return undefined;
  const entry: AdminRemoteEntry = { version: e.version, manifestUrl: e.manifestUrl, staged };
  if (isObject(e.integrity)) {
    entry.integrity = Object.fromEntries(
      Object.entries(e.integrity).filter((kv): kv is [string, string] => typeof kv[1] === 'string'),
    );
  }
  return entry;
}

/** Whether the admin is in a remote's stage: named by email, or within its percentage. */
function inStage(staged: NonNullable<PublishedEntry['staged']>, admin: { id: string; email: string }, remote: string) {
  if (Array.isArray(staged.admins)) {
    return staged.admins.some((a) => typeof a === 'string' && a.toLowerCase() === admin.email.toLowerCase());
  }
  return typeof staged.percent === 'number' && bucketOf(admin.id, remote) < staged.percent;
}

/**
 * The registry file (written atomically by scripts/remotes.js, read per request: it is small) as
 * one admin gets it: per remote the staged version when the admin is in its stage, else the current
 * one. No file, or an unreadable one, is an empty registry: the shell then says no remote is published.
 */
export async function registryFor(
  file: string,
  admin: { id: string; email: string },
  overrideOrigins: readonly string[],
): Promise<AdminRemoteRegistry> {
  let published: unknown;
  try {
    published = JSON.parse(await fs.promises.readFile(file, 'utf8'));
  } catch {
    published = undefined;
  }
  const remotes: Record<string, AdminRemoteEntry> = {};
  const entries = isObject(published) && isObject(published.remotes) ? published.remotes : {};
  for (const [name, raw] of Object.entries(entries)) {
    if (!isObject(raw)) continue;
    const e = raw as PublishedEntry;
    const staged = isObject(e.staged) && inStage(e.staged, admin, name) ? entryOf(e.staged, true) : undefined;
    const entry = staged ?? entryOf(e, false);
    if (entry) remotes[name] = entry;
  }
  return { remotes, overrides: { origins: [...overrideOrigins] } };
}
