import path from 'node:path';
import zlib from 'node:zlib';
import { promisify } from 'node:util';
import { extract } from 'tar-stream';
import { RELEASE_FILE_TYPES, RELEASE_LIMITS, RELEASE_MESSAGES } from '@backoffice/shared-api/contract';
import { badRequest, HttpError } from '../../lib/http-errors';

const gunzip = promisify(zlib.gunzip);
const KINDS = new Set<string>(RELEASE_FILE_TYPES);

/** Files a build emits that are not served: the build's record of its sources, editor leftovers. */
const NOT_SERVED = new Set(['.build-record.json']);

export const tooLarge = () => new HttpError(413, RELEASE_MESSAGES.tooLarge);

/**
 * Where an entry of the archive lands in the version's folder, or why it may not: an absolute path,
 * one that climbs out (`..`), a backslash, a control character, or a kind of file a build never
 * emits refuses the whole upload, so a build is stored whole or not at all.
 */
export function releasePath(name: string): string {
  const refuse = (why: string) => badRequest(`${why}: ${JSON.stringify(name.slice(0, 200))}`);
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(name)) throw refuse('A path in the upload has a character a build never writes');
  if (name.startsWith('/')) throw refuse('A path in the upload is absolute');
  const normalised = path.posix.normalize(name.replace(/^\.\//, ''));
  if (normalised === '..' || normalised.startsWith('../') || name.split('/').includes('..')) {
    throw refuse('A path in the upload leaves its folder');
  }
  const ext = path.posix.extname(normalised).slice(1).toLowerCase();
  if (!KINDS.has(ext))
    throw refuse(`A file in the upload is not of a kind a build emits (${RELEASE_FILE_TYPES.join(', ')})`);
  return normalised;
}

/**
 * The files of a build uploaded as one `.tar.gz` of its dist/ folder, by path. Checked as it is read,
 * against RELEASE_LIMITS: the unpacked size (gunzip stops at the limit: a small bomb cannot fill
 * memory), the number of files and each file's size; only regular files and folders; paths that stay
 * in the folder. Nothing is stored here: the caller stores the whole build or nothing.
 */
export async function readBuildArchive(upload: Buffer): Promise<Map<string, Buffer>> {
  if (upload.length > RELEASE_LIMITS.uploadBytes) throw tooLarge();
  if (upload.length < 2 || upload[0] !== 0x1f || upload[1] !== 0x8b) throw badRequest(RELEASE_MESSAGES.notGzip);
  let tar: Buffer;
  try {
    tar = await gunzip(upload, { maxOutputLength: RELEASE_LIMITS.unpackedBytes + 1024 * 1024 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw tooLarge();
    throw badRequest(RELEASE_MESSAGES.notGzip);
  }
  const files = new Map<string, Buffer>();
  let total = 0;
  const reader = extract();
  const done = new Promise<void>((resolve, reject) => {
    reader.on('entry', (header, stream, next) => {
      const fail = (err: unknown) => {
        stream.resume();
        reject(err);
        reader.destroy();
      };
      try {
        if (header.type === 'directory') {
          stream.resume();
          stream.on('end', next);
          return;
        }
        if (header.type !== 'file' && header.type !== 'contiguous-file') {
          throw badRequest(
            `Only files and folders may be uploaded; ${JSON.stringify(header.name)} is a ${header.type}`,
          );
        }
        if (NOT_SERVED.has(path.posix.basename(header.name))) {
          stream.resume();
          stream.on('end', next);
          return;
        }
        const name = releasePath(header.name);
        if (files.has(name)) throw badRequest(`The upload holds ${JSON.stringify(name)} twice`);
        if (files.size >= RELEASE_LIMITS.files) throw tooLarge();
        if ((header.size ?? 0) > RELEASE_LIMITS.fileBytes) throw tooLarge();
        total += header.size ?? 0;
        if (total > RELEASE_LIMITS.unpackedBytes) throw tooLarge();
      } catch (err) {
        fail(err);
        return;
      }
      const chunks: Buffer[] = [];
      stream.on('data', (c: unknown) => chunks.push(c as Buffer));
      stream.on('error', reject);
      stream.on('end', () => {
        files.set(releasePath(header.name), Buffer.concat(chunks));
        next();
      });
    });
    reader.on('finish', resolve);
    reader.on('error', () => reject(badRequest(RELEASE_MESSAGES.notGzip)));
  });
  reader.end(tar);
  await done;
  if (!files.size) throw badRequest(RELEASE_MESSAGES.notGzip);
  return files;
}
