import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

const API_DIR = path.resolve(__dirname, '..', '..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export interface ApiProcess {
  child: ChildProcess;
  port: number;
  output(): string;
  /** Resolves when the output contains `text`, rejects if the process exits first. */
  waitFor(text: string | RegExp, timeoutMs?: number): Promise<void>;
  exited: Promise<number | null>;
}

/** Runs the API exactly as `npm start` does (or as `args` say: the built artefact), in its own process. */
export async function spawnApi(
  env: Record<string, string>,
  args: string[] = ['--import', 'tsx', 'src/main.ts'],
): Promise<ApiProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, args, {
    cwd: API_DIR,
    env: { ...process.env, PORT: String(port), LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    child,
    port,
    output: () => out,
    exited,
    waitFor(text, timeoutMs = 120_000) {
      return new Promise((resolve, reject) => {
        const matches = () => (typeof text === 'string' ? out.includes(text) : text.test(out));
        const done = () => {
          clearInterval(timer);
          clearTimeout(deadline);
        };
        const timer = setInterval(() => {
          if (matches()) {
            done();
            resolve();
          }
        }, 50);
        const deadline = setTimeout(() => {
          done();
          reject(new Error(`timed out waiting for ${String(text)}; output:\n${out}`));
        }, timeoutMs);
        void exited.then((code) => {
          if (!matches()) {
            done();
            reject(new Error(`process exited (${code}) before ${String(text)}; output:\n${out}`));
          }
        });
      });
    },
  };
}

export async function http(port: number, method: string, url: string, body?: unknown, token?: string) {
  const res = await fetch(`http://127.0.0.1:${port}/api/v1${url}`, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  return {
    status: res.status,
    body: (await res.json()) as { statusCode: number; message: string; data?: any; total?: number },
  };
}
