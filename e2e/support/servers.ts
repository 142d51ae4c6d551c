import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { freePort, startServer } from '../../test-support/server';

export interface OwnServer {
  baseURL: string;
  port: number;
  child: ChildProcess;
  /** Its data folder: the embedded database and the outbox of the emails it sent. */
  dataDir: string;
  /** Stops the server and removes its data folder. */
  stop(): void;
}

/**
 * A product server of a test's own, beside the suite's (for a setting the shared one must not have):
 * a tiny seed in a throw-away data folder, the remotes' local builds released at its start, and `env`
 * on top.
 */
export async function startOwnServer(name: string, env: Record<string, string>): Promise<OwnServer> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), `bo-e2e-${name}-`));
  const dataDir = path.join(work, 'data');
  // Known before it starts: the links its emails carry name it.
  const port = await freePort();
  const server = await startServer({
    port,
    env: {
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://localhost:${port}`,
      // No earlier releases folder to import: a developer's .releases is not the suite's.
      RELEASES_DIR: path.join(work, 'no-releases'),
      SEED_SCALE: '0.01',
      LOG_LEVEL: 'warn',
      ...env,
    },
  });
  return {
    baseURL: server.baseURL,
    port: server.port,
    child: server.child,
    dataDir,
    stop() {
      server.child.kill('SIGTERM');
      fs.rmSync(work, { recursive: true, force: true });
    },
  };
}
