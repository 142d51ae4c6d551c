import type { FastifyInstance } from 'fastify';
import {
  AUTH_MESSAGES,
  RELEASE_LIMITS,
  RELEASE_MESSAGES,
  RELEASE_REMOTES,
  emit,
  type RemoteReleases,
} from '@backoffice/shared-api/contract';
import type { AppContext } from '../../context';
import { route } from '../../plugins/routes';
import { HttpError, tooManyRequests, unauthorized } from '../../lib/http-errors';
import { Limiter, type RedisStore } from '../../lib/rate-limiter';
import { actorOf } from '../audit/audit';
import { readBuildArchive } from './archive';
import { createDeployToken, knownRemote, listDeployTokens, releaserOf, revokeDeployToken } from './deploy-tokens';
import { figuresOf, haltFailingStages, recordReports, type HaltRule } from './figures';
import { checkSharedRequirements } from './gate';
import {
  changeRegistry,
  promoted,
  readRegistry,
  registryFor,
  rolledBack,
  staged,
  type RegistryState,
} from './registry';
import { manifestOf, notUploaded, storeVersion } from './versions';
import { shellManifest } from './shell';

export interface ReleaseSettings {
  halt: HaltRule;
  /** What one signed-in session may report in a minute (the beacon batches; this bounds a misuse). */
  reportsPerMinute: number;
  redis?: RedisStore;
  keyPrefix?: string;
}

/** Releases of the remotes (issue 29): the registry per admin, the deploy API, the beacon. */
export function releaseRoutes(ctx: AppContext, settings: ReleaseSettings) {
  const reportLimit = new Limiter(
    'release-reports',
    { points: settings.reportsPerMinute, durationSeconds: 60 },
    { redis: settings.redis, keyPrefix: settings.keyPrefix },
  );
  const changed = (remote: string) => [emit('releasesChanged', { remote })];

  async function view(state: RegistryState): Promise<RemoteReleases> {
    const versions = await ctx.db
      .selectFrom('release_versions')
      .select(['version', 'released_by', 'released_at', 'file_count', 'bytes', 'gate'])
      .where('remote', '=', state.remote)
      .orderBy('released_at', 'desc')
      .limit(50)
      .execute();
    const figures = await figuresOf(
      ctx.db,
      state.remote,
      versions.map((v) => v.version),
    );
    return {
      remote: state.remote,
      current: state.current,
      previous: state.history[state.history.length - 1] ?? null,
      staged: state.staged
        ? {
            version: state.staged.version,
            ...(state.staged.admins ? { admins: state.staged.admins } : { percent: state.staged.percent ?? 0 }),
            stagedAt: state.staged.at,
            stagedBy: state.staged.by,
          }
        : null,
      halted: state.halted,
      revision: state.revision,
      versions: versions.map((v) => ({
        version: v.version,
        releasedBy: v.released_by,
        releasedAt: new Date(v.released_at).toISOString(),
        files: v.file_count,
        bytes: Number(v.bytes),
        gate: v.gate,
        figures: figures.get(v.version) ?? { views: 0, loadFailures: 0, integrityFailures: 0, errors: 0 },
      })),
    };
  }

  /** The version must be uploaded, and the shell served here must still be able to run it. */
  async function servable(remote: string, version: string): Promise<void> {
    const manifest = await manifestOf(ctx.db, remote, version);
    if (!manifest) notUploaded();
    checkSharedRequirements(remote, manifest, shellManifest(ctx.config.shellDist));
  }

  return async (app: FastifyInstance) => {
    // A build arrives as the raw bytes of one .tar.gz, up to its own limit (not the JSON limit).
    app.addContentTypeParser(
      ['application/gzip', 'application/x-gzip', 'application/octet-stream'],
      { parseAs: 'buffer', bodyLimit: RELEASE_LIMITS.uploadBytes },
      (_req, body, done) => done(null, body),
    );

    route(app, 'getRemoteRegistry', async (req, reply) => {
      const admin = req.admin;
      if (!admin) throw unauthorized(AUTH_MESSAGES.missingToken);
      // A release reaches the admin on the next page load.
      reply.header('Cache-Control', 'no-store');
      const data = await registryFor(ctx.db, await ctx.registry.read(), admin, {
        overrideOrigins: ctx.config.remoteOverrideOrigins,
        assetsOrigin: ctx.config.assetsOrigin,
      });
      return { message: 'Remote registry', data };
    });

    route(app, 'getReleases', async (req) => {
      const only = req.deployToken?.remote;
      const states = new Map((await readRegistry(ctx.db, only)).map((s) => [s.remote, s]));
      const remotes = await Promise.all(
        (only ? [only] : RELEASE_REMOTES).map((remote) =>
          view(states.get(remote) ?? { remote, current: null, history: [], staged: null, halted: null, revision: 0 }),
        ),
      );
      return { message: 'Releases', data: { remotes } };
    });

    route(app, 'uploadRelease', async (req) => {
      const remote = knownRemote(req.query.remote);
      const releaser = await releaserOf(ctx.db, req, remote);
      if (!Buffer.isBuffer(req.body)) {
        throw new HttpError(415, `Send the build as one .tar.gz (Content-Type: application/gzip)`);
      }
      const files = await readBuildArchive(req.body);
      const data = await storeVersion(ctx.db, {
        remote,
        files,
        shellManifest: shellManifest(ctx.config.shellDist),
        releasedBy: releaser.name,
        audit: releaser.audit,
      });
      return {
        message: data.created ? RELEASE_MESSAGES.uploaded : RELEASE_MESSAGES.alreadyUploaded,
        data,
        events: data.created ? changed(remote) : [],
      };
    });

    route(app, 'promoteRelease', async (req) => {
      const { remote, version, revision } = req.body;
      const releaser = await releaserOf(ctx.db, req, remote);
      await servable(remote, version);
      const { state } = await changeRegistry(ctx.db, remote, revision, async (s) => promoted(s, version), {
        action: 'release.promoted',
        recordId: `${remote}@${version}`,
        who: releaser.audit,
      });
      return { message: RELEASE_MESSAGES.promoted, data: await view(state), events: changed(remote) };
    });

    route(app, 'stageRelease', async (req) => {
      const { remote, version, admins, percent, revision } = req.body;
      const releaser = await releaserOf(ctx.db, req, remote);
      await servable(remote, version);
      const { state } = await changeRegistry(
        ctx.db,
        remote,
        revision,
        async (s) => staged(s, version, { admins, percent }, releaser.name),
        { action: 'release.staged', recordId: `${remote}@${version}`, who: releaser.audit },
      );
      return { message: RELEASE_MESSAGES.staged, data: await view(state), events: changed(remote) };
    });

    route(app, 'rollbackRelease', async (req) => {
      const { remote, revision } = req.body;
      const releaser = await releaserOf(ctx.db, req, remote);
      const { state } = await changeRegistry(ctx.db, remote, revision, async (s) => rolledBack(s), {
        action: 'release.rolledBack',
        recordId: remote,
        who: releaser.audit,
      });
      return { message: RELEASE_MESSAGES.rolledBack, data: await view(state), events: changed(remote) };
    });

    route(app, 'getDeployTokens', async () => {
      const data = await listDeployTokens(ctx.db);
      return { message: 'Deploy tokens', data, total: data.length };
    });
    route(app, 'createDeployToken', async (req) => {
      const data = await createDeployToken(ctx.db, actorOf(req), req.body);
      return { message: RELEASE_MESSAGES.tokenCreated, data, events: changed(data.deployToken.remote) };
    });
    route(app, 'revokeDeployToken', async (req) => {
      const remote = await revokeDeployToken(ctx.db, actorOf(req), req.query.id);
      return { message: RELEASE_MESSAGES.tokenRevoked, events: changed(remote) };
    });

    route(app, 'reportRemotes', async (req) => {
      const admin = req.admin!;
      const { wait } = await reportLimit.take(admin.sessionId);
      if (wait) throw tooManyRequests('Too many reports from this page: try again later', wait);
      for (const r of req.body.reports) knownRemote(r.remote);
      await recordReports(ctx.db, req.body.reports);
      await haltFailingStages(
        ctx,
        req.body.reports.map((r) => r.remote),
        settings.halt,
      );
      return { message: RELEASE_MESSAGES.reported };
    });
  };
}
