import crypto from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import { RELEASE_MESSAGES, type DataOf, type endpoints, type ReleaseFigures } from '@backoffice/shared-api/contract';
import type { DB } from '../../db/schema';
import { conflict, badRequest } from '../../lib/http-errors';
import { recordAudit, type AuditEntry } from '../audit/audit';
import { versionFiles } from './versions';

type AdminRemoteRegistry = DataOf<typeof endpoints.getRemoteRegistry>;
type AdminRemoteEntry = AdminRemoteRegistry['remotes'][string];

/** How many versions before the current one a rollback can walk back through. */
const HISTORY = 20;

export interface Stage {
  version: string;
  admins?: string[];
  percent?: number;
  at: string;
  by: string;
}

export interface Halt {
  version: string;
  at: string;
  reason: string;
  staged: ReleaseFigures;
  current: ReleaseFigures;
}

/** One remote's row of the registry, as the changes below read and write it. */
export interface RegistryState {
  remote: string;
  current: string | null;
  history: string[];
  staged: Stage | null;
  halted: Halt | null;
  revision: number;
}

function stateOf(remote: string, row: Record<string, unknown> | undefined): RegistryState {
  if (!row) return { remote, current: null, history: [], staged: null, halted: null, revision: 0 };
  const stagedAt = row.staged_at as Date | string | null;
  return {
    remote,
    current: (row.current_version as string | null) ?? null,
    history: (row.history as string[]) ?? [],
    staged: row.staged_version
      ? {
          version: row.staged_version as string,
          ...(row.staged_admins ? { admins: row.staged_admins as string[] } : {}),
          ...(row.staged_percent !== null && row.staged_percent !== undefined
            ? { percent: Number(row.staged_percent) }
            : {}),
          at: stagedAt ? new Date(stagedAt).toISOString() : new Date(0).toISOString(),
          by: (row.staged_by as string | null) ?? '',
        }
      : null,
    halted: (row.halted as Halt | null) ?? null,
    revision: Number(row.revision ?? 0),
  };
}

export async function readRegistry(db: Kysely<DB> | Transaction<DB>, remote?: string): Promise<RegistryState[]> {
  let q = db.selectFrom('release_registry').selectAll().orderBy('remote');
  if (remote) q = q.where('remote', '=', remote);
  const rows = await q.execute();
  return rows.map((r) => stateOf(r.remote, r as unknown as Record<string, unknown>));
}

export async function registryOf(db: Kysely<DB> | Transaction<DB>, remote: string): Promise<RegistryState> {
  const [state] = await readRegistry(db, remote);
  return state ?? stateOf(remote, undefined);
}

/** A registry change as its audit row records it: what, of which version, by whom, and any figures. */
export interface RegistryChange {
  action: string;
  /** `<remote>@<version>`, or the remote for a change not about one version (a rollback). */
  recordId: string;
  who: Pick<AuditEntry, 'actorId' | 'actorEmail' | 'ip'>;
  details?: Record<string, unknown>;
}

/**
 * What this instance's registry watches (registry-watch.ts) drop when this instance changes the
 * registry. The table's NOTIFY reaches them too, but over another connection and after the commit:
 * the reply to a promote could go out first, and the next page load read the registry as it was.
 */
const changeListeners = new WeakMap<Kysely<DB>, Set<() => void>>();

/** Calls `changed` after each change that changeRegistry commits on `db`; returns the undo. */
export function onRegistryChange(db: Kysely<DB>, changed: () => void): () => void {
  let listeners = changeListeners.get(db);
  if (!listeners) changeListeners.set(db, (listeners = new Set()));
  listeners.add(changed);
  return () => listeners.delete(changed);
}

/**
 * Changes one remote's registry row as a compare-and-swap: `next` is computed from the row as read,
 * and written only if no other change came in between (its revision is still the one read), in the
 * transaction that writes the audit row. Two concurrent changes cannot both win: the second waits
 * for the first's row lock, then finds the revision moved and is refused (409), changing nothing.
 * `expected`: the revision the caller saw (Setting → Releases sends it back); refused when moved.
 */
export async function changeRegistry(
  db: Kysely<DB>,
  remote: string,
  expected: number | undefined,
  next: (state: RegistryState, trx: Transaction<DB>) => Promise<RegistryState | null>,
  change: RegistryChange,
): Promise<{ state: RegistryState; changed: boolean }> {
  const result = await db.transaction().execute(async (trx) => {
    // A remote's first change: its row, at revision 0, for the compare-and-swap below to move on.
    await trx
      .insertInto('release_registry')
      .values({ remote })
      .onConflict((oc) => oc.column('remote').doNothing())
      .execute();
    const before = await registryOf(trx, remote);
    if (expected !== undefined && expected !== before.revision) {
      throw conflict(RELEASE_MESSAGES.changedSince, { revision: RELEASE_MESSAGES.changedSince });
    }
    const after = await next(before, trx);
    if (!after) return { state: before, changed: false };
    const values = {
      current_version: after.current,
      history: sql<string[]>`${after.history}::text[]`,
      staged_version: after.staged?.version ?? null,
      staged_admins: after.staged?.admins ? sql<string[]>`${after.staged.admins}::text[]` : null,
      staged_percent: after.staged?.percent ?? null,
      staged_at: after.staged?.at ?? null,
      staged_by: after.staged?.by ?? null,
      halted: after.halted ? JSON.stringify(after.halted) : null,
      updated_at: new Date(),
    };
    const written = await trx
      .updateTable('release_registry')
      .set({ ...values, revision: sql`revision + 1` })
      .where('remote', '=', remote)
      .where('revision', '=', before.revision)
      .executeTakeFirst()
      .then((r) => Number(r.numUpdatedRows));
    if (written !== 1) throw conflict(RELEASE_MESSAGES.changedSince, { revision: RELEASE_MESSAGES.changedSince });
    const state = { ...after, revision: before.revision + 1 };
    await recordAudit(trx, {
      ...change.who,
      action: change.action,
      recordType: 'release',
      recordId: change.recordId,
      before: auditView(before),
      after: { ...auditView(state), ...change.details },
    });
    return { state, changed: true };
  });
  // Committed: whatever this instance reads next is the change.
  if (result.changed) for (const changed of changeListeners.get(db) ?? []) changed();
  return result;
}

/** Makes `version` current for everyone: the one before joins the history, a stage ends. */
export function promoted(state: RegistryState, version: string): RegistryState | null {
  if (state.current === version && !state.staged) return null;
  const history = state.history.filter((v) => v !== version);
  if (state.current && state.current !== version) history.push(state.current);
  return { ...state, current: version, history: history.slice(-HISTORY), staged: null };
}

/** Gives `version` to some admins first, beside the current version. */
export function staged(
  state: RegistryState,
  version: string,
  audience: { admins?: string[]; percent?: number },
  by: string,
): RegistryState {
  if ((audience.admins === undefined) === (audience.percent === undefined))
    throw badRequest(RELEASE_MESSAGES.stageAudience);
  if (!state.current) throw conflict(RELEASE_MESSAGES.noCurrent);
  if (state.current === version) throw conflict(RELEASE_MESSAGES.alreadyCurrent);
  const admins = audience.admins ? [...new Set(audience.admins.map((a) => a.trim().toLowerCase()))] : undefined;
  return {
    ...state,
    staged: { version, ...(admins ? { admins } : { percent: audience.percent }), at: new Date().toISOString(), by },
  };
}

/** Ends the stage if there is one; else goes back to the previous version. */
export function rolledBack(state: RegistryState): RegistryState {
  if (state.staged) return { ...state, staged: null };
  const previous = state.history[state.history.length - 1];
  if (!previous) throw conflict(RELEASE_MESSAGES.noPrevious);
  return { ...state, current: previous, history: state.history.slice(0, -1) };
}

/** What the audit log keeps of a registry row: enough to say what changed, nothing else. */
const auditView = (s: RegistryState) => ({
  current: s.current,
  staged: s.staged ? { version: s.staged.version, admins: s.staged.admins, percent: s.staged.percent } : null,
});

/**
 * Where an admin falls in a percentage stage, 0–99: the same for that admin and remote on every
 * request and every server, so the admins in a stage stay in it and raising the percentage only adds
 * some. Per remote, so that the same few admins do not get every stage first.
 */
export function bucketOf(adminId: string, remote: string): number {
  return crypto.createHash('sha256').update(`${adminId}:${remote}`).digest().readUInt32BE(0) % 100;
}

function inStage(stage: Stage, admin: { id: string; email: string }, remote: string): boolean {
  if (stage.admins) return stage.admins.includes(admin.email.toLowerCase());
  return stage.percent !== undefined && bucketOf(admin.id, remote) < stage.percent;
}

export const manifestUrl = (assetsOrigin: string, remote: string, version: string) =>
  `${assetsOrigin}/remotes/${remote}/${version}/mf-manifest.json`;

async function entryOf(
  db: Kysely<DB>,
  remote: string,
  version: string,
  staged: boolean,
  assetsOrigin: string,
): Promise<AdminRemoteEntry | undefined> {
  // A version's integrity records are the hashes the server computed when it received the files.
  const integrity = await versionFiles(db, remote, version);
  if (!integrity) return undefined;
  return { version, manifestUrl: manifestUrl(assetsOrigin, remote, version), integrity: { ...integrity }, staged };
}

/**
 * The registry as one admin gets it: per remote the staged version when the admin is in its stage,
 * else the current one; without an admin (the public /registry.json), current versions only, each
 * saying whether a stage of it is under way.
 */
export async function registryFor(
  db: Kysely<DB>,
  states: readonly RegistryState[],
  admin: { id: string; email: string } | undefined,
  opts: { overrideOrigins: readonly string[]; assetsOrigin: string },
): Promise<AdminRemoteRegistry> {
  const remotes: Record<string, AdminRemoteEntry> = {};
  for (const state of states) {
    const stage = admin && state.staged && inStage(state.staged, admin, state.remote) ? state.staged : undefined;
    const version = stage?.version ?? state.current;
    if (!version) continue;
    const entry = await entryOf(db, state.remote, version, !!stage, opts.assetsOrigin);
    if (!entry) continue;
    // Who is in a stage is not public; only that there is one, so a shell knows to ask.
    if (!admin && state.staged) entry.stageActive = true;
    remotes[state.remote] = entry;
  }
  return { remotes, overrides: { origins: [...opts.overrideOrigins] } };
}
