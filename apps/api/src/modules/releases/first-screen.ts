import { remoteScreenAt } from '@backoffice/shared-api/screens';
import type { AppContext } from '../../context';
import { registryFor } from './registry';
import { fileContent, MANIFEST, versionFiles } from './versions';

/** A file the page asks for before its code does: `<link rel="preload" as=…>`. */
export interface Preload {
  href: string;
  as: 'script' | 'fetch';
  /** Set on a remote's files: the browser refuses the file unless it hashes to this. */
  integrity?: string;
}

interface ManifestExposes {
  exposes?: Array<{ name?: string; assets?: { js?: { sync?: string[] } } }>;
  shared?: Array<{ assets?: { js?: { sync?: string[]; async?: string[] } } }>;
  metaData?: { remoteEntry?: { name?: string; path?: string } };
}

/** A version's files never change: what its manifest says a screen needs is read once. */
const screenFiles = new Map<string, string[]>();

async function filesOfScreen(
  ctx: AppContext,
  remote: string,
  version: string,
  module: string,
  files: Record<string, string>,
) {
  const key = `${remote}@${version}/${module}`;
  const known = screenFiles.get(key);
  if (known) return known;
  const content = files[MANIFEST] ? await fileContent(ctx.db, files[MANIFEST]) : undefined;
  if (!content) return [];
  let manifest: ManifestExposes;
  try {
    manifest = JSON.parse(content.toString('utf8')) as ManifestExposes;
  } catch {
    return [];
  }
  // The shell provides the shared libraries: a fallback copy listed with the screen is not fetched.
  const shared = new Set(
    manifest.shared?.flatMap((s) => [...(s.assets?.js?.sync ?? []), ...(s.assets?.js?.async ?? [])]),
  );
  const entry = manifest.metaData?.remoteEntry;
  const expose = manifest.exposes?.find((e) => e.name === module);
  const list = [
    ...(entry?.name ? [`${entry.path ?? ''}${entry.name}`] : []),
    ...(expose?.assets?.js?.sync ?? []).filter((f) => !shared.has(f)),
  ].filter((f) => files[f]);
  if (screenFiles.size > 500) screenFiles.clear();
  screenFiles.set(key, list);
  return list;
}

/**
 * What the page at `pathname` can start fetching before its code runs: the public registry (the
 * shell reads it from the page instead of asking for /registry.json), and, when the page is a
 * remote's screen, that remote's manifest, remoteEntry.js and the screen's own files, each with the
 * SHA-384 the registry records, so that a preloaded file is held to the same integrity as a loaded
 * one. Nothing of a remote while a stage of it is under way: which version an admin runs then
 * depends on who they are, which the page's request does not say.
 */
export async function firstScreenOf(
  ctx: AppContext,
  pathname: string,
): Promise<{ registry: unknown; preloads: Preload[] }> {
  const registry = await registryFor(ctx.db, await ctx.registry.read(), undefined, {
    overrideOrigins: ctx.config.remoteOverrideOrigins,
    assetsOrigin: ctx.config.assetsOrigin,
  });
  const screen = remoteScreenAt(pathname);
  const entry = screen ? registry.remotes[screen.remote] : undefined;
  if (!screen || !entry || entry.stageActive || !entry.integrity) return { registry, preloads: [] };
  const base = entry.manifestUrl.slice(0, entry.manifestUrl.length - MANIFEST.length);
  const files = (await versionFiles(ctx.db, screen.remote, entry.version)) ?? {};
  const preloads: Preload[] = [{ href: entry.manifestUrl, as: 'fetch', integrity: entry.integrity[MANIFEST] }];
  for (const file of await filesOfScreen(ctx, screen.remote, entry.version, screen.module, files)) {
    preloads.push({ href: `${base}${file}`, as: 'script', integrity: entry.integrity[file] });
  }
  return { registry, preloads };
}
