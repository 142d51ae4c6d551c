import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { RELEASE_FILE_TYPES } from '@backoffice/shared-api/contract';
import type { AppContext } from '../../context';
import { registryFor } from './registry';
import { acceptedEncoding, compressible } from '../../lib/content-encoding';
import { encodedContent, fileContent, MANIFEST, versionFiles } from './versions';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The media type of each kind of file an upload may hold (the contract's list: a kind added there fails here). */
const TYPES: Record<(typeof RELEASE_FILE_TYPES)[number], string> = {
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  map: 'application/json; charset=utf-8',
  json: 'application/json; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  html: 'text/html; charset=utf-8',
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  ico: 'image/x-icon',
  woff: 'font/woff',
  woff2: 'font/woff2',
};

/**
 * The released remotes, from the database, on every instance: /remotes/<remote>/<version>/<file>
 * (a version's files never change: cached for a year; its manifest is revalidated) and the public
 * registry /registry.json (current versions only, never cached: a release reaches admins on their
 * next page load). A CDN (ASSETS_ORIGIN) pulls the same paths from here.
 */
export function registerReleaseFiles(app: FastifyInstance, ctx: AppContext): void {
  app.get('/registry.json', { schema: { hide: true } }, async (_req, reply) => {
    reply.header('Cache-Control', 'no-store');
    return registryFor(ctx.db, await ctx.registry.read(), undefined, {
      overrideOrigins: ctx.config.remoteOverrideOrigins,
      assetsOrigin: ctx.config.assetsOrigin,
    });
  });

  app.get<{ Params: { remote: string; version: string; '*': string } }>(
    '/remotes/:remote/:version/*',
    { schema: { hide: true } },
    async (req, reply) => {
      const { remote, version } = req.params;
      const file = req.params['*'];
      const files =
        /^[a-z][a-z0-9-]*$/.test(remote) && version.length <= 100
          ? await versionFiles(ctx.db, remote, version)
          : undefined;
      const hash = files && Object.prototype.hasOwnProperty.call(files, file) ? files[file] : undefined;
      const content = hash ? await fileContent(ctx.db, hash) : undefined;
      if (!hash || !content) {
        return reply.code(404).header('Cache-Control', 'no-store').send({ statusCode: 404, message: 'No such file' });
      }
      // A shell on another origin (a developer's, or the CDN's) may fetch it.
      reply.header('Access-Control-Allow-Origin', '*');
      reply.header('Cache-Control', file === MANIFEST ? 'no-cache' : IMMUTABLE);
      // Compressed as a release stored it, when the browser takes it (the integrity check is of
      // the bytes decoded, the same either way).
      const canEncode = compressible(file, content.length);
      const encoding = canEncode ? acceptedEncoding(req.headers['accept-encoding']) : undefined;
      const encoded = encoding ? await encodedContent(ctx.db, hash, encoding) : undefined;
      if (canEncode) reply.header('Vary', 'Accept-Encoding');
      // The content's own hash (and its encoding's): a revalidation of the manifest costs no body.
      const etag = `"${hash.slice(7, 39)}${encoded ? `-${encoding}` : ''}"`;
      reply.header('ETag', etag);
      if (req.headers['if-none-match'] === etag) return reply.code(304).send();
      reply.type(
        TYPES[path.posix.extname(file).slice(1).toLowerCase() as keyof typeof TYPES] ?? 'application/octet-stream',
      );
      if (encoded) reply.header('Content-Encoding', encoding);
      return reply.send(encoded ?? content);
    },
  );
}
