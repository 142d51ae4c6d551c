import { SCREEN_REMOTES } from '../screens';

/** The remotes a release may name: those the table of screens composes. */
export const RELEASE_REMOTES: readonly string[] = SCREEN_REMOTES;

/** What the server accepts in one upload of a remote's build (a `.tar.gz` of its dist/ folder). */
export const RELEASE_LIMITS = {
  /** The compressed upload. */
  uploadBytes: 25 * 1024 * 1024,
  /** All files unpacked. */
  unpackedBytes: 80 * 1024 * 1024,
  fileBytes: 20 * 1024 * 1024,
  files: 1000,
  tokenNameMax: 80,
} as const;

/** The kinds of file a remote's build emits; anything else in an upload refuses the whole upload. */
export const RELEASE_FILE_TYPES = [
  'js',
  'mjs',
  'css',
  'map',
  'json',
  'txt',
  'html',
  'svg',
  'png',
  'jpg',
  'jpeg',
  'gif',
  'webp',
  'ico',
  'woff',
  'woff2',
] as const;

export const RELEASE_MESSAGES = {
  uploaded: 'Release uploaded',
  alreadyUploaded: 'This build is already uploaded: same version',
  promoted: 'Release promoted',
  staged: 'Release staged',
  rolledBack: 'Release rolled back',
  unknownRemote: 'No such remote',
  unknownVersion: 'This version of the remote is not uploaded',
  otherRemote: 'This deploy token releases another remote',
  changedSince: 'The releases changed since you read them: reload and try again',
  alreadyCurrent: 'This version is already current for everyone',
  noCurrent: 'The remote has no current version to stage beside: promote one first',
  noPrevious: 'The remote has no previous version to roll back to',
  stageAudience: 'Stage to either named admins (emails) or a whole percentage from 0 to 100',
  notGzip: 'The upload is not a .tar.gz of a build',
  tooLarge: 'The upload is larger than a build may be',
  tokenCreated: 'Deploy token created: copy it now, it is not shown again',
  tokenRevoked: 'Deploy token revoked',
  unknownToken: 'No such deploy token',
  reported: 'Figures recorded',
} as const;
