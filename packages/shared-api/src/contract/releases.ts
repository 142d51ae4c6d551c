import { Type, type Static } from '@sinclair/typebox';
import { endpoint, serverEvent } from './endpoint';
import { Id, IdQuery, Ok, OkEmpty, OkList } from './common';
import { RELEASE_LIMITS } from '../constants/releases';

const Remote = Type.String({
  minLength: 1,
  maxLength: 40,
  pattern: '^[a-z][a-z0-9-]*$',
  description: 'A remote: people, payments or catalog',
});
const Version = Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9._+-]+$' });
/** The registry revision the caller read: the change is refused (409) when it has moved since. */
const Revision = Type.Optional(
  Type.Integer({ minimum: 0, description: 'The revision read; refused when it has moved since' }),
);

export const UploadReleaseQuery = Type.Object({ remote: Remote }, { additionalProperties: false });

export const UploadedRelease = Type.Object(
  {
    remote: Type.String(),
    version: Type.String(),
    /** False when this very build was uploaded before: one version, nothing stored twice. */
    created: Type.Boolean(),
    files: Type.Integer(),
    bytes: Type.Integer(),
    /** What the release gate noted: shared packages the remote loads its own copy of. */
    gate: Type.Array(Type.String()),
  },
  { additionalProperties: false },
);

export const PromoteReleaseBody = Type.Object(
  { remote: Remote, version: Version, revision: Revision },
  { additionalProperties: false },
);
export type PromoteReleaseBody = Static<typeof PromoteReleaseBody>;

export const StageReleaseBody = Type.Object(
  {
    remote: Remote,
    version: Version,
    /** Named admins, by email… */
    admins: Type.Optional(Type.Array(Type.String({ format: 'email', maxLength: 254 }), { minItems: 1, maxItems: 200 })),
    /** …or a stable share of all admins (the same ones each time). */
    percent: Type.Optional(Type.Integer({ minimum: 0, maximum: 100 })),
    revision: Revision,
  },
  { additionalProperties: false },
);
export type StageReleaseBody = Static<typeof StageReleaseBody>;

export const RollbackReleaseBody = Type.Object({ remote: Remote, revision: Revision }, { additionalProperties: false });
export type RollbackReleaseBody = Static<typeof RollbackReleaseBody>;

/** Views and failures of one version, summed over the hours kept. */
export const ReleaseFigures = Type.Object(
  {
    views: Type.Integer(),
    loadFailures: Type.Integer(),
    integrityFailures: Type.Integer(),
    errors: Type.Integer(),
  },
  { additionalProperties: false },
);
export type ReleaseFigures = Static<typeof ReleaseFigures>;

export const ReleaseVersionRow = Type.Object(
  {
    version: Type.String(),
    releasedBy: Type.String(),
    releasedAt: Type.String({ format: 'date-time' }),
    files: Type.Integer(),
    bytes: Type.Integer(),
    gate: Type.Array(Type.String()),
    figures: ReleaseFigures,
  },
  { additionalProperties: false },
);

export const ReleaseStage = Type.Object(
  {
    version: Type.String(),
    admins: Type.Optional(Type.Array(Type.String())),
    percent: Type.Optional(Type.Integer()),
    stagedAt: Type.String({ format: 'date-time' }),
    stagedBy: Type.String(),
  },
  { additionalProperties: false },
);

/** A stage that ended itself: its version's error rate against the current one's, and when. */
export const ReleaseHalt = Type.Object(
  {
    version: Type.String(),
    at: Type.String({ format: 'date-time' }),
    reason: Type.String(),
    staged: ReleaseFigures,
    current: ReleaseFigures,
  },
  { additionalProperties: false },
);

export const RemoteReleases = Type.Object(
  {
    remote: Type.String(),
    current: Type.Union([Type.String(), Type.Null()]),
    previous: Type.Union([Type.String(), Type.Null()]),
    staged: Type.Union([ReleaseStage, Type.Null()]),
    halted: Type.Union([ReleaseHalt, Type.Null()]),
    /** Send it back with a change: the change is refused if another one came first. */
    revision: Type.Integer(),
    /** Newest first. */
    versions: Type.Array(ReleaseVersionRow),
  },
  { additionalProperties: false },
);
export type RemoteReleases = Static<typeof RemoteReleases>;

export const DeployTokenRow = Type.Object(
  {
    _id: Id,
    remote: Type.String(),
    name: Type.String(),
    createdAt: Type.String({ format: 'date-time' }),
    createdBy: Type.Union([Type.String(), Type.Null()]),
    lastUsedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  },
  { additionalProperties: false },
);
export type DeployTokenRow = Static<typeof DeployTokenRow>;

export const CreateDeployTokenBody = Type.Object(
  { remote: Remote, name: Type.String({ minLength: 1, maxLength: RELEASE_LIMITS.tokenNameMax }) },
  { additionalProperties: false },
);
export type CreateDeployTokenBody = Static<typeof CreateDeployTokenBody>;

/** What the shell reports of one remote version in a page (the beacon): counts, nothing personal. */
export const RemoteReport = Type.Object(
  {
    remote: Remote,
    version: Version,
    views: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000 })),
    loadFailures: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000 })),
    integrityFailures: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000 })),
    errors: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000 })),
  },
  { additionalProperties: false },
);
export type RemoteReport = Static<typeof RemoteReport>;

export const ReportRemotesBody = Type.Object(
  { reports: Type.Array(RemoteReport, { minItems: 1, maxItems: 20 }) },
  { additionalProperties: false },
);
export type ReportRemotesBody = Static<typeof ReportRemotesBody>;

export const releasesEvents = {
  releasesChanged: serverEvent({
    name: 'releases:changed',
    summary: "A remote's version was uploaded, promoted, staged, rolled back or halted, or a deploy token changed",
    payload: Type.Object({ remote: Type.String() }, { additionalProperties: false }),
    invalidates: ['releases'],
  }),
};

export const releasesEndpoints = {
  getReleases: endpoint({
    method: 'GET',
    path: '/release/getAll',
    auth: 'admin',
    permission: 'platform.manage',
    deployToken: true,
    resource: 'releases',
    summary:
      'Per remote: the current, previous and staged version (to whom), the last halted stage, and every uploaded version with who released it, when, its size, the gate and its figures (a deploy token: its own remote only)',
    reply: Ok(Type.Object({ remotes: Type.Array(RemoteReleases) }, { additionalProperties: false })),
  }),
  uploadRelease: endpoint({
    method: 'POST',
    path: '/release/upload',
    auth: 'admin',
    permission: 'platform.manage',
    deployToken: true,
    resource: 'releases',
    summary:
      "Upload a remote's build as one .tar.gz of its dist/ folder: checked (size, file count, kinds of file, paths, the release gate against the shell served here), hashed by the server and stored; the same build twice is one version. Not yet served to anyone: promote or stage it",
    querystring: UploadReleaseQuery,
    consumes: 'application/gzip',
    reply: Ok(UploadedRelease),
    emits: ['releasesChanged'],
  }),
  promoteRelease: endpoint({
    method: 'POST',
    path: '/release/promote',
    auth: 'admin',
    permission: 'platform.manage',
    deployToken: true,
    resource: 'releases',
    summary: 'Make an uploaded version current for every admin (ends a stage); admins get it at their next page load',
    body: PromoteReleaseBody,
    reply: Ok(RemoteReleases),
    emits: ['releasesChanged'],
  }),
  stageRelease: endpoint({
    method: 'POST',
    path: '/release/stage',
    auth: 'admin',
    permission: 'platform.manage',
    deployToken: true,
    resource: 'releases',
    summary:
      'Give an uploaded version to some admins first (named, or a stable percentage); everyone else keeps the current one',
    body: StageReleaseBody,
    reply: Ok(RemoteReleases),
    emits: ['releasesChanged'],
  }),
  rollbackRelease: endpoint({
    method: 'POST',
    path: '/release/rollback',
    auth: 'admin',
    permission: 'platform.manage',
    deployToken: true,
    resource: 'releases',
    summary: 'End the stage if there is one; else make the previous version current again',
    body: RollbackReleaseBody,
    reply: Ok(RemoteReleases),
    emits: ['releasesChanged'],
  }),
  getDeployTokens: endpoint({
    method: 'GET',
    path: '/release/getDeployTokens',
    auth: 'admin',
    permission: 'platform.manage',
    resource: 'releases',
    summary: 'The deploy tokens not revoked, by remote, with their names and last use (never the token)',
    reply: OkList(DeployTokenRow),
  }),
  createDeployToken: endpoint({
    method: 'POST',
    path: '/release/createDeployToken',
    auth: 'admin',
    permission: 'platform.manage',
    resource: 'releases',
    summary: "Create a remote team's deploy token: it releases that remote only; answered once, stored as a hash",
    body: CreateDeployTokenBody,
    reply: Ok(Type.Object({ token: Type.String(), deployToken: DeployTokenRow }, { additionalProperties: false })),
    emits: ['releasesChanged'],
  }),
  revokeDeployToken: endpoint({
    method: 'POST',
    path: '/release/revokeDeployToken',
    auth: 'admin',
    permission: 'platform.manage',
    resource: 'releases',
    summary: 'Revoke a deploy token: its next use is refused',
    querystring: IdQuery,
    reply: OkEmpty,
    emits: ['releasesChanged'],
  }),
  reportRemotes: endpoint({
    method: 'POST',
    path: '/release/report',
    auth: 'admin',
    permission: 'self',
    resource: 'releases',
    summary:
      "The shell's beacon: per remote version, page views of its screens, load failures, integrity failures and errors its boundary caught (counts only; rate limited per session). A staged version failing more than the current one halts its stage",
    body: ReportRemotesBody,
    reply: OkEmpty,
  }),
};
