import { sql, type Kysely, type Transaction } from 'kysely';
import { emit, type ReleaseFigures, type RemoteReport } from '@backoffice/shared-api/contract';
import type { AppContext } from '../../context';
import type { DB } from '../../db/schema';
import { paragraphsHtml } from '../mail/mailer';
import { queueEmail } from '../mail/outbox';
import { changeRegistry, registryOf, type Halt } from './registry';

/** When a stage halts itself: see haltReason. */
export interface HaltRule {
  /** A staged version fails this many times more often than the current one… */
  factor: number;
  /** …over at least this many page views of its screens… */
  minViews: number;
  /** …and at least this share of its views fail (so that 1 failure against 0 is not a halt on its own). */
  minRate: number;
}

const EMPTY: ReleaseFigures = { views: 0, loadFailures: 0, integrityFailures: 0, errors: 0 };
const failures = (f: ReleaseFigures) => f.loadFailures + f.integrityFailures + f.errors;
const rate = (f: ReleaseFigures) => (f.views ? failures(f) / f.views : 0);

/** The hour a report is counted in: figures are kept per remote, version and hour. */
const hourOf = (d: Date) => new Date(Math.floor(d.getTime() / 3_600_000) * 3_600_000);

/** Adds the beacon's counts to their version's hour: one upsert per remote and version reported. */
export async function recordReports(db: Kysely<DB>, reports: readonly RemoteReport[]): Promise<void> {
  const hour = hourOf(new Date());
  for (const r of reports) {
    const add = {
      views: r.views ?? 0,
      load_failures: r.loadFailures ?? 0,
      integrity_failures: r.integrityFailures ?? 0,
      errors: r.errors ?? 0,
    };
    if (!add.views && !add.load_failures && !add.integrity_failures && !add.errors) continue;
    // Only versions this server released: a beacon cannot fill the table with made-up names.
    await sql`
      INSERT INTO release_figures (remote, version, hour, views, load_failures, integrity_failures, errors)
      SELECT ${r.remote}, ${r.version}, ${hour}, ${add.views}, ${add.load_failures}, ${add.integrity_failures}, ${add.errors}
      WHERE EXISTS (SELECT 1 FROM release_versions WHERE remote = ${r.remote} AND version = ${r.version})
      ON CONFLICT (remote, version, hour) DO UPDATE SET
        views = release_figures.views + excluded.views,
        load_failures = release_figures.load_failures + excluded.load_failures,
        integrity_failures = release_figures.integrity_failures + excluded.integrity_failures,
        errors = release_figures.errors + excluded.errors`.execute(db);
  }
}

/** A version's figures summed from the hour `since` falls in (the stage's start) onwards. */
export async function figuresOf(
  db: Kysely<DB>,
  remote: string,
  versions: readonly string[],
  since?: Date,
): Promise<Map<string, ReleaseFigures>> {
  const out = new Map<string, ReleaseFigures>();
  if (!versions.length) return out;
  let q = db
    .selectFrom('release_figures')
    .select((eb) => [
      'version',
      eb.fn.sum<string>('views').as('views'),
      eb.fn.sum<string>('load_failures').as('load_failures'),
      eb.fn.sum<string>('integrity_failures').as('integrity_failures'),
      eb.fn.sum<string>('errors').as('errors'),
    ])
    .where('remote', '=', remote)
    .where('version', 'in', versions)
    .groupBy('version');
  if (since) q = q.where('hour', '>=', hourOf(since));
  for (const r of await q.execute()) {
    out.set(r.version, {
      views: Number(r.views),
      loadFailures: Number(r.load_failures),
      integrityFailures: Number(r.integrity_failures),
      errors: Number(r.errors),
    });
  }
  return out;
}

/**
 * Why a staged version should stop, or undefined: over at least `minViews` views since it was
 * staged, it failed (load, integrity or caught errors) at a rate above `factor` times the current
 * version's over the same hours, and above `minRate`.
 */
export function haltReason(staged: ReleaseFigures, current: ReleaseFigures, rule: HaltRule): string | undefined {
  if (staged.views < rule.minViews) return undefined;
  const s = rate(staged);
  const c = rate(current);
  if (s < rule.minRate || s <= c * rule.factor) return undefined;
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  return `${failures(staged)} failures in ${staged.views} views (${pct(s)}) against ${pct(c)} for the current version (${failures(current)} in ${current.views}): above ${rule.factor}× the current rate over at least ${rule.minViews} views`;
}

/**
 * After a report: halts the stage of each reported remote whose staged version now fails too often.
 * Its admins get the current version at their next page load; the halt is audited, sent to open
 * pages, and emailed to the admins who may manage the platform.
 */
export async function haltFailingStages(ctx: AppContext, remotes: readonly string[], rule: HaltRule): Promise<void> {
  for (const remote of new Set(remotes)) {
    const state = await registryOf(ctx.db, remote);
    const stage = state.staged;
    if (!stage || !state.current) continue;
    const figures = await figuresOf(ctx.db, remote, [stage.version, state.current], new Date(stage.at));
    const staged = figures.get(stage.version) ?? EMPTY;
    const current = figures.get(state.current) ?? EMPTY;
    const reason = haltReason(staged, current, rule);
    if (!reason) continue;
    const halt: Halt = { version: stage.version, at: new Date().toISOString(), reason, staged, current };
    try {
      await changeRegistry(
        ctx.db,
        remote,
        state.revision,
        async (s, trx) => {
          if (s.staged?.version !== stage.version) return null;
          // queued with the halt: told of a halt that stands, once, whichever instance halted it
          await tellPlatformManagers(ctx, trx, remote, halt);
          return { ...s, staged: null, halted: halt };
        },
        {
          action: 'release.halted',
          recordId: `${remote}@${stage.version}`,
          who: { actorId: null, actorEmail: 'release guard', ip: null },
          details: { reason, staged, current },
        },
      );
    } catch {
      continue; // another report (on this instance or another) halted it, or a team changed the stage first
    }
    ctx.realtime.publish([emit('releasesChanged', { remote })]);
  }
}

async function tellPlatformManagers(ctx: AppContext, trx: Transaction<DB>, remote: string, halt: Halt): Promise<void> {
  const managers = await trx
    .selectFrom('admins as a')
    .innerJoin('roles as r', 'r.id', 'a.role_id')
    .select(['a.email', 'a.first_name'])
    .where('a.status', '=', 'active')
    .where((eb) => eb.or([eb('r.key', '=', 'owner'), sql<boolean>`'platform.manage' = ANY(r.permissions)`]))
    .execute();
  const subject = `Release halted: ${remote} ${halt.version}`;
  await queueEmail(
    ctx,
    trx,
    managers.map((m) => {
      const text = [
        `Hello ${m.first_name || 'there'},`,
        `The stage of ${remote} ${halt.version} halted itself on ${halt.at.slice(0, 16).replace('T', ' ')} UTC: ${halt.reason}.`,
        'Its admins get the current version at their next page load. Setting → Releases shows the figures.',
        'You receive this because your role may release remotes.',
      ].join('\n\n');
      return { to: m.email, subject, text, html: paragraphsHtml(text) };
    }),
  );
}
