import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';

/** The encodings the server sends compressed files in, the one it prefers first. */
export const CONTENT_ENCODINGS = ['br', 'gzip'] as const;
export type ContentEncoding = (typeof CONTENT_ENCODINGS)[number];

/** The kinds of file a browser fetches that compress: scripts, styles, manifests, text and SVG. */
const COMPRESSIBLE = /\.(m?js|css|json|svg|txt|html)$/i;
/** Below this a compressed copy saves less than its headers and the decoder cost. */
const MIN_BYTES = 1024;

export const compressible = (name: string, size: number): boolean => size >= MIN_BYTES && COMPRESSIBLE.test(name);

/** The encoding to send for an Accept-Encoding header (q-values honoured), or undefined for the bytes as they are. */
export function acceptedEncoding(header: string | string[] | undefined): ContentEncoding | undefined {
  const value = Array.isArray(header) ? header.join(',') : header;
  return (negotiate(value ?? '', [...CONTENT_ENCODINGS]) as ContentEncoding | null) ?? undefined;
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Brotli (quality 5) and gzip (level 9) copies of `content`, compressed in libuv's thread pool so
 * that the event loop goes on serving; a copy that does not save a tenth is left out (undefined).
 * Quality 5, not 11: a start on a fresh database stores the three remotes' builds before it
 * listens, and 11 made that start ~4 s longer (0.42 s against 15 ms for a 250 KB script here) for
 * copies ~9% smaller; the shell's own copies, made once at build, are quality 11.
 */
export async function compressedCopies(content: Uint8Array): Promise<Record<ContentEncoding, Buffer | undefined>> {
  const [br, gz] = await Promise.all([
    brotli(content, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
    gzip(content, { level: 9 }),
  ]);
  const worth = (copy: Buffer) => (copy.length <= content.length * 0.9 ? copy : undefined);
  return { br: worth(br), gzip: worth(gz) };
}
