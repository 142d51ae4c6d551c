import fs from 'node:fs';

export default async function globalTeardown(): Promise<void> {
  const state = JSON.parse(process.env.E2E_STATE ?? '{}') as { pid?: number; work?: string };
  if (state.pid) {
    // The server's exit is expected from here on (global setup reports one before it).
    process.env.E2E_STOPPING = '1';
    try {
      process.kill(state.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
  await new Promise((r) => setTimeout(r, 500));
  if (state.work) fs.rmSync(state.work, { recursive: true, force: true });
}
