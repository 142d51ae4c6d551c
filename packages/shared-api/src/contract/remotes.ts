import { endpoint } from './endpoint';
import { Ok } from './common';
import { Type, type Static } from '@sinclair/typebox';

/** One remote as this admin runs it: the current version, or the staged one when the admin is in its stage. */
export const AdminRemoteEntry = Type.Object(
  {
    version: Type.String(),
    manifestUrl: Type.String(),
    /** SHA-384 (`sha384-…`) of every file of the version, by its path in the version's folder. */
    integrity: Type.Optional(Type.Record(Type.String(), Type.String())),
    /** The admin gets a staged version, not yet everyone's. */
    staged: Type.Boolean(),
    /**
     * In the public registry (/registry.json): some admins get a staged version of this remote, so
     * a shell asks getRemoteRegistry which version its admin runs. Absent: everyone runs `version`.
     */
    stageActive: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type AdminRemoteEntry = Static<typeof AdminRemoteEntry>;

/** The remote registry of the signed-in admin, with the origins a developer's override may load from. */
export const AdminRemoteRegistry = Type.Object(
  {
    remotes: Type.Record(Type.String(), AdminRemoteEntry),
    overrides: Type.Object({ origins: Type.Array(Type.String()) }, { additionalProperties: false }),
  },
  { additionalProperties: false },
);
export type AdminRemoteRegistry = Static<typeof AdminRemoteRegistry>;

export const remotesEndpoints = {
  getRemoteRegistry: endpoint({
    method: 'GET',
    path: '/admin/getRemoteRegistry',
    auth: 'admin',
    permission: 'self',
    resource: 'platform',
    summary:
      "The remote registry as the signed-in admin gets it: per remote the version this admin runs (a staged version when the admin is in that remote's stage, named or by percentage; else the current one), its manifest and integrity hashes, and the origins a developer's override may load from",
    reply: Ok(AdminRemoteRegistry),
  }),
};
