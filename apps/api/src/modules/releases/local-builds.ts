import fs from 'node:fs';
import path from 'node:path';
import { RELEASE_REMOTES } from '@backoffice/shared-api/contract';
import type { AppContext } from '../../context';
import { HttpError } from '../../lib/http-errors';
import { releasePath } from './archive';
import { changeRegistry, promoted, readRegistry, type RegistryState } from './registry';
import { shellManifest } from './shell';
import { MANIFEST, sri, storeVersion } from './versions';

const BUILD_RECORD = '.build-record.json';

function filesUnder(dir: string, root = dir, out = new Map<string, Buffer>()): Map<string, Buffer> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) filesUnder(full, root, out);
    else if (entry.isFile() && entry.name !== BUILD_RECORD) {
      out.set(releasePath(path.relative(root, full).split(path.sep).join('/')), fs.readFileSync(full));
    }
  }
  return out;
}

const who = (what: string) => ({ actorId: null, actorEmail: what, ip: null });

/**
 * `npm start`'s release of the remotes built on this machine (apps/<remote>/dist): each build goes
 * through the same checks and store as an upload; a build not uploaded before becomes current (it
 * was just rebuilt), one uploaded before is left as it is, so a promote or a rollback made since
 * stays as the team made it. A remote without a current version gets its local build.
 */
export async function releaseLocalBuilds(ctx: AppContext, appsDir: string): Promise<void> {
  const registry = new Map((await readRegistry(ctx.db)).map((s) => [s.remote, s]));
  for (const remote of RELEASE_REMOTES) {
    const dist = path.join(appsDir, remote, 'dist');
    if (!fs.existsSync(path.join(dist, MANIFEST))) continue;
    const by = `local build (${path.relative(path.dirname(appsDir), dist) || dist})`;
    try {
      const stored = await storeVersion(ctx.db, {
        remote,
        files: filesUnder(dist),
        shellManifest: shellManifest(ctx.config.shellDist),
        releasedBy: by,
        audit: who(by),
      });
      if (stored.created || !registry.get(remote)?.current) {
        await makeCurrent(ctx, remote, stored.version, by);
        ctx.log.info(`${remote} ${stored.version} released from its local build and current`);
      }
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      ctx.log.warn(`${remote}: the local build in ${dist} was not released: ${err.message}`);
    }
  }
}

async function makeCurrent(ctx: AppContext, remote: string, version: string, by: string, retry = true) {
  try {
    await promoteAs(ctx, remote, version, by);
  } catch (err) {
    // Another instance starting at the same moment changed the registry first: read it again, once.
    if (!(retry && err instanceof HttpError && err.statusCode === 409)) throw err;
    await makeCurrent(ctx, remote, version, by, false);
  }
}

async function promoteAs(ctx: AppContext, remote: string, version: string, by: string) {
  await changeRegistry(ctx.db, remote, undefined, async (s) => promoted(s, version), {
    action: 'release.promoted',
    recordId: `${remote}@${version}`,
    who: who(by),
  });
}

interface FolderEntry {
  version?: unknown;
  history?: unknown;
  staged?: { version?: unknown; admins?: unknown; percent?: unknown; updatedAt?: unknown };
}

/**
 * The upgrade from releases kept in a folder (RELEASES_DIR) to releases in the database: once, when
 * the database has none yet. A version comes in only with the integrity records written when it was
 * released (RELEASES_DIR/integrity/<remote>/<version>.json), and only if every file still matches
 * them: a version without records is left out, never hashed from the files as they are now.
 */
export async function importReleasesFolder(ctx: AppContext, dir: string): Promise<void> {
  const registryFile = path.join(dir, 'registry.json');
  if (!fs.existsSync(registryFile)) return;
  const any = await ctx.db.selectFrom('release_versions').select('remote').limit(1).executeTakeFirst();
  if (any) return;
  let folder: { remotes?: Record<string, FolderEntry> };
  try {
    folder = JSON.parse(fs.readFileSync(registryFile, 'utf8'));
  } catch {
    ctx.log.warn(`${registryFile} is not readable JSON: releases not imported from it`);
    return;
  }
  const by = `imported from ${dir}`;
  for (const remote of RELEASE_REMOTES) {
    const versionsDir = path.join(dir, 'remotes', remote);
    const imported = new Set<string>();
    for (const version of fs.existsSync(versionsDir) ? fs.readdirSync(versionsDir) : []) {
      if (version.endsWith('.tmp')) continue;
      const refuse = (why: string) => ctx.log.warn(`${remote} ${version} not imported: ${why}`);
      let records: Record<string, string>;
      try {
        records = JSON.parse(fs.readFileSync(path.join(dir, 'integrity', remote, `${version}.json`), 'utf8'));
      } catch {
        refuse('it has no integrity records (a version is never hashed from the files as they are now)');
        continue;
      }
      try {
        const files = filesUnder(path.join(versionsDir, version));
        const names = [...files.keys()].sort();
        const mismatch = names.find((n) => records[n] !== sri(files.get(n)!));
        if (mismatch || names.length !== Object.keys(records).length) {
          refuse(`${mismatch ?? 'a file'} differs from its integrity record`);
          continue;
        }
        await storeVersion(ctx.db, {
          remote,
          version,
          files,
          shellManifest: shellManifest(ctx.config.shellDist),
          releasedBy: by,
          audit: who(by),
        });
        imported.add(version);
      } catch (err) {
        if (!(err instanceof HttpError)) throw err;
        refuse(err.message);
      }
    }
    const entry = folder.remotes?.[remote];
    const current = typeof entry?.version === 'string' && imported.has(entry.version) ? entry.version : null;
    if (!current) continue;
    const history = Array.isArray(entry?.history)
      ? entry.history.filter((v): v is string => imported.has(v as string))
      : [];
    const s = entry?.staged;
    const stagedVersion = typeof s?.version === 'string' && imported.has(s.version) ? s.version : undefined;
    await changeRegistry(
      ctx.db,
      remote,
      undefined,
      async (before): Promise<RegistryState> => ({
        ...before,
        current,
        history,
        staged: stagedVersion
          ? {
              version: stagedVersion,
              ...(Array.isArray(s!.admins)
                ? { admins: s!.admins.filter((a): a is string => typeof a === 'string') }
                : { percent: typeof s!.percent === 'number' ? s!.percent : 0 }),
              at: typeof s!.updatedAt === 'string' ? s!.updatedAt : new Date().toISOString(),
              by,
            }
          : null,
      }),
      { action: 'release.imported', recordId: remote, who: who(by) },
    );
    ctx.log.info(`${remote}: releases imported from ${dir} (current ${current})`);
  }
}
