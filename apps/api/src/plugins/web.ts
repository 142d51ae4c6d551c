import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import {
  API_BASE_PATH,
  READ_AT_HEADER,
  REMEMBERED_READS_KEY,
  TOKEN_KEY,
  endpoints,
} from '@backoffice/shared-api/contract';
import { SHELL_PAGES, baseOf } from '@backoffice/shared-api/screens';
import type { Preload } from '../modules/releases/first-screen';

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

/** The id of the page's data block (the shell's registry.ts reads it too). */
const DATA_ID = 'first-screen';

/**
 * The page's one inline script: with a stored session it starts the session check, the signed-in
 * screen's files and the screen's first read (the list's first page this browser read the last time
 * it opened this address) at once, before main.js has even arrived (the browser would otherwise
 * learn of each only from the script before it, and of the read only once all of them had run).
 * Without one (signed out) it starts nothing: the sign-in page needs none of it. Its reads are
 * taken by the HTTP client (shared-api earlyReads.ts), which sends its own when the URL or the
 * token differs. Static, so the Content-Security-Policy allows it by its hash
 * (FIRST_SCREEN_SCRIPT_HASH).
 */
export const FIRST_SCREEN_SCRIPT = `(function () {
  var data = document.getElementById('${DATA_ID}');
  var token = null;
  var remembered = null;
  try {
    token = localStorage.getItem(${JSON.stringify(TOKEN_KEY)});
    remembered = JSON.parse(localStorage.getItem(${JSON.stringify(REMEMBERED_READS_KEY)}) || '{}')[location.pathname + location.search];
  } catch (e) {}
  if (!data || !token) return;
  // Stored as { url, list } (a bare URL by earlier versions).
  if (remembered && typeof remembered === 'object') remembered = remembered.url;
  var page = JSON.parse(data.textContent);
  var reads = (window.__earlyReads = {});
  // Only a read of this API: the stored value is the page's own, but the token must not go elsewhere.
  if (typeof remembered === 'string' && remembered.indexOf('${API_BASE_PATH}/') === 0) page.reads.push(remembered);
  page.reads.forEach(function (url) {
    var reply = fetch(url, { headers: { Accept: 'application/json', Authorization: 'Bearer ' + token }, credentials: 'same-origin' })
      .then(function (res) { return res.text().then(function (body) { return { status: res.status, body: body, readAt: res.headers.get(${JSON.stringify(READ_AT_HEADER)}) }; }); });
    reply.catch(function () {});
    reads[url] = { token: token, reply: reply };
  });
  // After the reads: the browser asks in the order it is told, six at a time, and nothing of the
  // signed-in screen can draw before the session check has answered.
  page.preloads.forEach(function (p) {
    var link = document.createElement('link');
    link.rel = 'preload';
    link.as = p.as;
    if (p.integrity) { link.integrity = p.integrity; link.crossOrigin = 'anonymous'; }
    link.href = p.href;
    document.head.appendChild(link);
  });
})();`;

/** `'sha256-…'` of FIRST_SCREEN_SCRIPT, for the Content-Security-Policy's script-src. */
export const FIRST_SCREEN_SCRIPT_HASH = `'sha256-${crypto.createHash('sha256').update(FIRST_SCREEN_SCRIPT).digest('base64')}'`;

/** The shell's own files each first screen needs (first-screen.json, written by its build). */
interface ShellFirstScreens {
  signIn?: string[];
  signedIn?: string[];
  dashboard?: string[];
}

const SIGNED_OUT_PAGES = new Set<string>(SHELL_PAGES.filter((p) => p !== 'change-password'));

/** JSON inside a <script> block: nothing in it can end the block. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');
const attr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

function preloadTag(p: Preload): string {
  const integrity = p.integrity ? ` integrity="${attr(p.integrity)}" crossorigin="anonymous"` : '';
  return `<link rel="preload" as="${p.as}" href="${attr(p.href)}"${integrity}>`;
}

/**
 * Serves the shell's build at / on the API's port (every unknown GET outside /api falls back to its
 * index.html, so /app/... deep links work). Its hashed files never change and are cached for a
 * year; index.html is revalidated. The remotes and their registry come from the database
 * (modules/releases/serve.ts).
 *
 * The page is index.html with what its first screen needs written in (`firstScreen`): preloads of
 * the shell's files for that screen (the sign-in page's for everyone; the signed-in ones, the
 * landing remote's, the registry and the session check through the inline script, for a browser
 * with a stored session), so that its request waves are three, not seven.
 */
export async function registerWeb(
  app: FastifyInstance,
  opts: {
    shellDist: string;
    /** The registry and the landing remote's files for a page path (modules/releases/first-screen.ts). */
    firstScreen?: (pathname: string) => Promise<{ registry: unknown; preloads: Preload[] }>;
  },
): Promise<{
  spaFallback: (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply> | undefined;
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
    // The build's brotli and gzip copies (webpack/create-config.js), to a browser that takes them.
    preCompressed: true,
    cacheControl: false,
    setHeaders: (res, file) => res.header('Cache-Control', file.endsWith('.html') ? 'no-cache' : IMMUTABLE),
  });
  // Read when the build changes (`npm start` rebuilds the shell under a running server).
  let shell: { mtimeMs: number; html: string; files: ShellFirstScreens } | undefined;
  const shellBuild = () => {
    const { mtimeMs } = fs.statSync(index);
    if (shell?.mtimeMs !== mtimeMs) {
      let files: ShellFirstScreens = {};
      try {
        files = JSON.parse(
          fs.readFileSync(path.join(opts.shellDist, 'first-screen.json'), 'utf8'),
        ) as ShellFirstScreens;
      } catch {
        // a development build writes none: the page loads as it would without preloads
      }
      shell = { mtimeMs, html: fs.readFileSync(index, 'utf8'), files };
    }
    return shell;
  };
  const profileUrl = `${API_BASE_PATH}${endpoints.getUserProfile.path}`;

  async function page(pathname: string): Promise<string> {
    const { html, files } = shellBuild();
    const signIn = files.signIn ?? [];
    const head: string[] = [];
    const first = pathname.replace(/^\/+/, '').split('/')[0] ?? '';
    if (!SIGNED_OUT_PAGES.has(first)) {
      const onDashboard = baseOf(pathname).pathUnderBase.replace(/\/+$/, '') === '';
      const shellFiles = (onDashboard ? files.dashboard : files.signedIn) ?? [];
      // The page is served without them when they cannot be read (the database away): the shell
      // then asks for the registry itself, as it would without preloads.
      const landing = await opts.firstScreen?.(pathname).catch(() => undefined);
      const data = {
        reads: [profileUrl],
        preloads: [
          ...shellFiles.filter((f) => !signIn.includes(f)).map((f): Preload => ({ href: `/${f}`, as: 'script' })),
          ...(landing?.preloads ?? []),
        ],
        registry: landing?.registry,
      };
      head.push(`<script type="application/json" id="${DATA_ID}">${scriptJson(data)}</script>`);
      head.push(`<script>${FIRST_SCREEN_SCRIPT}</script>`);
    }
    head.push(...signIn.map((f) => preloadTag({ href: `/${f}`, as: 'script' })));
    // Before the stylesheet and the page's script: the inline one runs, and its preloads and reads
    // start, as the parser reaches it. After a stylesheet it would wait for that to arrive (a
    // script waits on the styles above it), and so would the session check it sends.
    const stylesheet = html.indexOf('<link rel="stylesheet"');
    const at = stylesheet >= 0 ? stylesheet : html.indexOf('<script');
    return at < 0
      ? html.replace('</head>', `${head.join('')}</head>`)
      : `${html.slice(0, at)}${head.join('')}${html.slice(at)}`;
  }

  return {
    spaFallback: (request, reply) =>
      page(request.url.split('?')[0] ?? '/').then((html) =>
        reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(html),
      ),
  };
}
