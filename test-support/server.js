/**
 * The real API server (apps/api/src/main.ts) in a child process on a free port, as `npm start` runs
 * it: for the browser tests and the benchmarks, which measure or drive what an operator runs.
 */
const { spawn } = require('node:child_process');
const net = require('node:net');
const path = require('node:path');

const API_DIR = path.resolve(__dirname, '..', 'apps', 'api');
/** What the server prints once it listens (apps/api/src/main.ts). */
const READY = 'Back office API ready';

/** A port nothing listens on now. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts the server with `env` added to this process's environment, on `port` (a free one when not
 * given), and resolves once it is ready; rejects with its output if it exits first.
 * `apiDir` is another checkout's server (bench:bundle's baseline).
 * @param {{ port?: number, env?: Record<string, string>, onOutput?: (text: string) => void, apiDir?: string }} [options]
 */
async function startServer({ port, env = {}, onOutput, apiDir = API_DIR } = {}) {
  port ??= await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: apiDir,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk) => {
    output += chunk;
    onOutput?.(String(chunk));
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  // Listeners run in the order they were added: `collect` has the chunk in `output` before this looks.
  await new Promise((resolve, reject) => {
    const whenReady = () => {
      if (!output.includes(READY)) return;
      for (const stream of [child.stdout, child.stderr]) stream.off('data', whenReady);
      child.off('exit', early);
      resolve();
    };
    const early = (code) =>
      reject(new Error(`the server exited (${code}) before it was ready:\n${output.slice(-4000)}`));
    for (const stream of [child.stdout, child.stderr]) stream.on('data', whenReady);
    child.once('exit', early);
  });
  return { port, baseURL: `http://localhost:${port}`, child, output: () => output };
}

module.exports = { freePort, startServer };
