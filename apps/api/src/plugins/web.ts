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
 * The registry as everyone gets it: the current versions only. A staged version (and the emails of
 * the admins it is staged to) goes to signed-in admins only, through /admin/getRemoteRegistry.
 */
function withoutStages(registry: object): object {
  const { remotes } = registry as { remotes?: unknown };
  if (!remotes || typeof remotes !== 'object' || Array.isArray(remotes)) return registry;
  const current = Object.fromEntries(
    Object.entries(remotes).map(([name, entry]) => {
      if (!entry || typeof entry !== 'object' || Array.isArray(entry)) return [name, entry];
      const { staged: _staged, ...rest } = entry as Record<string, unknown>;
      return [name, rest];
    }),
  );
  return { ...registry, remotes: current };
}

/**
 * Serves the front end on the API's port: the shell's build at / (every unknown GET outside /api
 * falls back to its index.html, so /app/... deep links work), published remotes at
 * /remotes/<name>/<version>/, and the remote registry at /registry.json. Versioned files never
 * change and are cached for a year; the registry, manifests and index.html are never cached, so a
 * release or a rollback reaches admins on their next page load.
 */
export async function registerWeb(
  app: FastifyInstance,
  opts: {
    shellDist: string;
    releasesDir: string;
    /** The origins a developer's remote override may load from; empty when overrides are off. */
    overrideOrigins?: readonly string[];
  },
): Promise<{
  spaFallback: (reply: FastifyReply) => FastifyReply | undefined;
}> {
  const registryFile = path.join(opts.releasesDir, 'registry.json');
  // The shell honours an override only from these origins: the ones this server's CSP names.
  const overrides = { origins: [...(opts.overrideOrigins ?? [])] };
  app.get('/registry.json', { schema: { hide: true } }, async (_req, reply) => {
    reply.header('Cache-Control', 'no-store');
    let registry: unknown;
    try {
      registry = JSON.parse(await fs.promises.readFile(registryFile, 'utf8'));
    } catch {
      registry = undefined;
    }
    const published = registry && typeof registry === 'object' && !Array.isArray(registry) ? registry : { remotes: {} };
    return { ...withoutStages(published), overrides };
  });

  const remotesDir = path.join(opts.releasesDir, 'remotes');
  fs.mkdirSync(remotesDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: remotesDir,
    prefix: '/remotes/',
    decorateReply: false,
    cacheControl: false,
    setHeaders: (res, file) => {
      res.header('Cache-Control', file.endsWith('mf-manifest.json') ? 'no-cache' : IMMUTABLE);
      // A shell on another origin (a developer's) may fetch the manifest.
      res.header('Access-Control-Allow-Origin', '*');
    },
  });

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
