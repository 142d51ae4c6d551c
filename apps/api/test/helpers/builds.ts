import zlib from 'node:zlib';
import { pack, type Header } from 'tar-stream';

export type Entry = { name: string; content?: string | Buffer; type?: Header['type']; linkname?: string };

/** A .tar.gz as a team's CI uploads it, of the given entries (paths, links and all, as given). */
export async function archiveOf(entries: Entry[]): Promise<Buffer> {
  const p = pack();
  const chunks: Buffer[] = [];
  p.on('data', (c: unknown) => chunks.push(c as Buffer));
  const ended = new Promise<void>((resolve) => p.on('end', () => resolve()));
  for (const e of entries) {
    const content = e.content === undefined ? undefined : Buffer.from(e.content);
    await new Promise<void>((resolve, reject) =>
      p.entry(
        { name: e.name, type: e.type ?? 'file', linkname: e.linkname, size: content?.length ?? 0 },
        content ?? Buffer.alloc(0),
        (err) => (err ? reject(err) : resolve()),
      ),
    );
  }
  p.finalize();
  await ended;
  return zlib.gzipSync(Buffer.concat(chunks));
}

export interface FakeShared {
  name: string;
  requiredVersion: string;
  singleton: boolean;
}

/** A remote's build as Module Federation writes it: its manifest, its remote entry, a chunk. */
export function buildOf(remote: string, marker: string, shared: FakeShared[] = []): Entry[] {
  const manifest = {
    id: remote,
    name: remote,
    metaData: {
      name: remote,
      buildInfo: { buildVersion: '1.0.0', buildName: `@backoffice/${remote}` },
      remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' },
      publicPath: 'auto',
    },
    shared: shared.map((s) => ({ id: `${remote}:${s.name}`, version: s.requiredVersion.replace(/^\D+/, ''), ...s })),
    exposes: [],
  };
  return [
    { name: 'mf-manifest.json', content: JSON.stringify(manifest) },
    { name: 'remoteEntry.js', content: `/* ${remote} ${marker} */ var ${remote} = {};` },
    { name: 'static/chunk.js', content: `console.log(${JSON.stringify(marker)});` },
  ];
}
