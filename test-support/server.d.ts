import type { ChildProcess } from 'node:child_process';

export function freePort(): Promise<number>;
export function startServer(options?: {
  port?: number;
  env?: Record<string, string>;
  onOutput?: (text: string) => void;
  apiDir?: string;
}): Promise<{ port: number; baseURL: string; child: ChildProcess; output: () => string }>;
