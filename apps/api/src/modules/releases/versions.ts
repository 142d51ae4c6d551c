import crypto from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { RELEASE_MESSAGES } from '@backoffice/shared-api/contract';
import type { DB } from '../../db/schema';
import { compressible, compressedCopies, type ContentEncoding } from '../../lib/content-encoding';
import { badRequest } from '../../lib/http-errors';
import { recordAudit, type AuditEntry } from '../audit/audit';
import { checkSharedRequirements, type Manifest } from './gate';

export const MANIFEST = 'mf-manifest.json';

/** The SHA-384 of a file in Subresource Integrity form: the value the shell checks it against. */
export const sri = (content: Uint8Array) => `sha384-${crypto.createHash('sha384').update(content).digest('base64')}`;

/**
 * Same build, same version: the build's own version (its package's, from the manifest) and a hash
 * of every file's path and bytes, in path order. The same rule the releases folder used, so versions
 * imported from one keep their names.
 */
export function versionOf(manifest: Manifest, files: ReadonlyMap<string, Uint8Array>): string {
  const hash = crypto.createHash('sha256');
  for (const name of [...files.keys()].sort()) {
    hash.update(name);
    hash.update(files.get(name)!);
  }
  const base = manifest.metaData?.buildInfo?.buildVersion;
  const safe = typeof base === 'string' && /^[A-Za-z0-9.+-]{1,40}$/.test(base) ? base : '0.0.0';
  return `${safe}-${hash.digest('hex').slice(0, 10)}`;
}

export function readManifest(remote: string, content: Uint8Array | undefined): Manifest {
  if (!content) {
    throw badRequest(`The upload has no ${MANIFEST} at its top: upload the dist/ folder of ${remote}'s build`);
  }
  let manifest: unknown;
  try {
    manifest = JSON.parse(Buffer.from(content).toString('utf8'));
  } catch {
    manifest = undefined;
  }
  if (!manifest || typeof manifest !== 'object' || Array.isArray(manifest)) {
    throw badRequest(`The upload's ${MANIFEST} is not a Module Federation manifest`);
  }
  return manifest as Manifest;
}

export interface StoredVersion {
  remote: string;
  version: string;
  created: boolean;
  files: number;
  bytes: number;
  gate: string[];
}

/**
 * Stores a remote's build as a version: checked (its manifest names this remote, its remote entry
 * is in it, the gate against the shell served here), each file hashed from the bytes received and
 * stored once by that hash, in one transaction with its audit row: a failed upload leaves nothing.
 * The same build again is the same version, stored once (`created: false`).
 */
export async function storeVersion(
  db: Kysely<DB>,
  input: {
    remote: string;
    files: ReadonlyMap<string, Uint8Array>;
    shellManifest: Manifest | undefined;
    /** Who released it, as the audit log and Setting → Releases name them. */
    releasedBy: string;
    audit: Omit<AuditEntry, 'action' | 'recordType' | 'recordId' | 'after'>;
    /** Versions imported from a releases folder keep their names. */
    version?: string;
  },
): Promise<StoredVersion> {
  const { remote, files } = input;
  const manifest = readManifest(remote, files.get(MANIFEST));
  if (manifest.name !== remote) {
    throw badRequest(`The build is of ${JSON.stringify(manifest.name ?? 'nothing')}, not of ${remote}`);
  }
  const entry = (manifest.metaData as { remoteEntry?: { name?: unknown } } | undefined)?.remoteEntry?.name;
  if (typeof entry !== 'string' || !files.has(entry)) {
    throw badRequest(`The build's remote entry (${String(entry)}) is not in the upload`);
  }
  const gate = checkSharedRequirements(remote, manifest, input.shellManifest);
  const version = input.version ?? versionOf(manifest, files);
  const hashes: Record<string, string> = {};
  const contents = new Map<string, Uint8Array>();
  const toCompress = new Set<string>();
  let bytes = 0;
  for (const [name, content] of files) {
    const hash = sri(content);
    hashes[name] = hash;
    contents.set(hash, content);
    if (compressible(name, content.length)) toCompress.add(hash);
    bytes += content.length;
  }
  // Before the transaction, and only for contents no version brought before: compressing takes
  // seconds for a whole build, which no transaction should be held open for.
  const copies = await copiesOfNewContents(db, contents, toCompress);
  const created = await db.transaction().execute(async (trx) => {
    const exists = await trx
      .selectFrom('release_versions')
      .select('version')
      .where('remote', '=', remote)
      .where('version', '=', version)
      .executeTakeFirst();
    if (exists) return false;
    await storeFiles(trx, contents, copies);
    const inserted = await trx
      .insertInto('release_versions')
      .values({
        remote,
        version,
        files: JSON.stringify(hashes),
        file_count: files.size,
        bytes,
        gate: JSON.stringify(gate),
        released_by: input.releasedBy,
      })
      .onConflict((oc) => oc.columns(['remote', 'version']).doNothing())
      .returning('version')
      .executeTakeFirst();
    if (!inserted) return false; // the same build, uploaded at the same moment through another instance
    await recordAudit(trx, {
      ...input.audit,
      action: 'release.uploaded',
      recordType: 'release',
      recordId: `${remote}@${version}`,
      after: { remote, version, files: files.size, bytes, gate },
    });
    return true;
  });
  return { remote, version, created, files: files.size, bytes, gate };
}

type Copies = Map<string, Record<ContentEncoding, Buffer | undefined>>;

/**
 * The columns of a file's copies: null when none were made (a kind that does not compress), empty
 * when made and not worth sending (so that nobody makes them again).
 */
const NOT_WORTH = Buffer.alloc(0);
const storedCopies = (copies: Record<ContentEncoding, Buffer | undefined> | undefined) =>
  copies ? { br: copies.br ?? NOT_WORTH, gzip: copies.gzip ?? NOT_WORTH } : { br: null, gzip: null };

/** The compressed copies of the contents in `hashes` that are not stored yet. */
async function copiesOfNewContents(
  db: Kysely<DB>,
  contents: ReadonlyMap<string, Uint8Array>,
  hashes: ReadonlySet<string>,
): Promise<Copies> {
  const copies: Copies = new Map();
  if (hashes.size === 0) return copies;
  const stored = new Set(
    (
      await db
        .selectFrom('release_files')
        .select('hash')
        .where('hash', 'in', [...hashes])
        .execute()
    ).map((r) => r.hash),
  );
  for (const hash of hashes) {
    if (!stored.has(hash)) copies.set(hash, await compressedCopies(contents.get(hash)!));
  }
  return copies;
}

/** Each content once, whichever version brought it first, with its compressed copies. */
async function storeFiles(trx: Transaction<DB>, contents: Map<string, Uint8Array>, copies: Copies): Promise<void> {
  const all = [...contents];
  for (let i = 0; i < all.length; i += 25) {
    await trx
      .insertInto('release_files')
      .values(
        all.slice(i, i + 25).map(([hash, content]) => ({
          hash,
          content: Buffer.from(content),
          size: content.length,
          ...storedCopies(copies.get(hash)),
        })),
      )
      .onConflict((oc) => oc.column('hash').doNothing())
      .execute();
  }
}

/** A version's files by path → SHA-384; undefined when the version was never uploaded. Immutable: cached. */
const filesCache = new Map<string, Record<string, string>>();
export async function versionFiles(
  db: Kysely<DB>,
  remote: string,
  version: string,
): Promise<Record<string, string> | undefined> {
  const key = `${remote}@${version}`;
  const cached = filesCache.get(key);
  if (cached) return cached;
  const row = await db
    .selectFrom('release_versions')
    .select('files')
    .where('remote', '=', remote)
    .where('version', '=', version)
    .executeTakeFirst();
  if (!row) return undefined;
  if (filesCache.size > 500) filesCache.clear();
  filesCache.set(key, row.files);
  return row.files;
}

/**
 * File contents by SHA-384 (and their compressed copies by SHA-384 and encoding), kept in memory up
 * to a bound: a content's hash names it for ever, so a copy on any instance is never stale (the one
 * thing an instance may keep to itself).
 */
const contentCache = new Map<string, Buffer>();
let cachedBytes = 0;
const CACHE_BYTES = 64 * 1024 * 1024;
export async function fileContent(db: Kysely<DB>, hash: string): Promise<Buffer | undefined> {
  const cached = contentCache.get(hash);
  if (cached) return cached;
  const row = await db.selectFrom('release_files').select('content').where('hash', '=', hash).executeTakeFirst();
  if (!row) return undefined;
  const content = Buffer.from(row.content);
  cache(hash, content);
  return content;
}

function cache(key: string, content: Buffer): void {
  if (cachedBytes + content.length > CACHE_BYTES) {
    contentCache.clear();
    cachedBytes = 0;
  }
  contentCache.set(key, content);
  cachedBytes += content.length;
}

/**
 * The `encoding` copy of a file's content, or undefined when it has none (then the content goes as
 * it is). A file stored before copies were made gets them now, for the next request on any
 * instance: this one is sent as it is rather than wait for them.
 */
export async function encodedContent(
  db: Kysely<DB>,
  hash: string,
  encoding: ContentEncoding,
): Promise<Buffer | undefined> {
  const key = `${hash} ${encoding}`;
  const cached = contentCache.get(key);
  if (cached) return cached.length ? cached : undefined;
  const row = await db.selectFrom('release_files').select(['br', 'gzip']).where('hash', '=', hash).executeTakeFirst();
  const copy = row?.[encoding];
  if (copy) {
    // An empty copy is one not worth sending: remembered as such.
    const body = copy.length ? Buffer.from(copy) : NOT_WORTH;
    cache(key, body);
    return body.length ? body : undefined;
  }
  if (row && !row.br && !row.gzip) backfillCopies(db, hash);
  return undefined;
}

/** Files whose copies are being made on this instance (each once). */
const backfilling = new Set<string>();
function backfillCopies(db: Kysely<DB>, hash: string): void {
  if (backfilling.has(hash)) return;
  backfilling.add(hash);
  void fileContent(db, hash)
    .then((content) => (content ? compressedCopies(content) : undefined))
    .then((copies) =>
      db
        .updateTable('release_files')
        .set(storedCopies(copies))
        .where('hash', '=', hash)
        .where('br', 'is', null)
        .where('gzip', 'is', null)
        .execute(),
    )
    // Nothing is lost: the file goes out as it is, and the next request tries again.
    .catch(() => undefined)
    .finally(() => backfilling.delete(hash));
}

export async function manifestOf(db: Kysely<DB>, remote: string, version: string): Promise<Manifest | undefined> {
  const files = await versionFiles(db, remote, version);
  const hash = files?.[MANIFEST];
  const content = hash ? await fileContent(db, hash) : undefined;
  return content ? readManifest(remote, content) : undefined;
}

export function notUploaded(): never {
  throw badRequest(RELEASE_MESSAGES.unknownVersion, { version: RELEASE_MESSAGES.unknownVersion });
}
