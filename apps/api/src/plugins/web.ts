import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * What the Content-Security-Policy adds for a developer's remote overrides (REMOTE_OVERRIDE_ORIGINS):
 * its scripts and its manifest from those origins, and the websocket of its dev server's reload.
 * Nothing when overrides are off.
 */
export function overrideSources(origins: readonly string[]): { script: string[]; connect: string[] } {
  const sockets = origins.map((o) => o.replace(/^http/, 'ws'));
  return { script: [...origins], connect: [...origins, ...sockets] };
}

/**
 * Serves the shell's build at / on the API's port (every unknown GET outside /api falls back to its
 * index.html, so /app/... deep links work). Its hashed files never change and are cached for a
 * year; index.html is revalidated. The remotes and their registry come from the database
 * (modules/releases/serve.ts).
 */
export async function registerWeb(
  app: FastifyInstance,
  opts: {
    shellDist: string;
  },
): Promise<{
  spaFallback: (reply: FastifyReply) => FastifyReply | undefined;
}> {
  const index = path.join(opts.shellDist, 'index.html');
  if (!fs.existsSync(index)) {
    app.log.warn(`No shell build in ${opts.shellDist}: serving the API only (npm run build builds it)`);
    return { spaFallback: () => undefined };
  }
  await app.register(fastifyStatic, {
    root: opts.shellDist,
    prefix: '/',
    index: false,
    wildcard: false,
    // The build's record of its sources (.build-record.json) is for `npm start`, not for browsers.
    dotfiles: 'ignore',
    cacheControl: false,
    setHeaders: (res, file) => res.header('Cache-Control', file.endsWith('.html') ? 'no-cache' : IMMUTABLE),
  });
  const html = () => fs.readFileSync(index);
  return {
    spaFallback: (reply) => reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(html()),
  };
}
