import fs from 'node:fs';
import path from 'node:path';
import type { Manifest } from './gate';

/**
 * The manifest of the shell this server serves (SHELL_DIST): what the release gate checks a remote
 * against. Read when asked (it changes only with a deploy of the shell, and is small); none when the
 * server serves no shell build.
 */
export function shellManifest(shellDist: string): Manifest | undefined {
  try {
    return JSON.parse(fs.readFileSync(path.join(shellDist, 'mf-manifest.json'), 'utf8')) as Manifest;
  } catch {
    return undefined;
  }
}
