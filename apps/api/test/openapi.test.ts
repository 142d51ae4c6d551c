import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { endpoints } from '@backoffice/shared-api/contract';
import { BACKENDS, startTestApi, type TestApi } from './helpers/test-api';

/**
 * The OpenAPI document is what teams outside generate clients from (the marketplace, a remote
 * team's CI): it must pass a standard linter, name every operation as the contract does, and say
 * which credential each needs.
 */
const REDOCLY = require.resolve('@redocly/cli/bin/cli.js');

describe('the OpenAPI document', () => {
  let api: TestApi;
  let doc: {
    openapi: string;
    paths: Record<string, Record<string, { operationId?: string; security?: unknown[]; tags?: string[] }>>;
  };
  beforeAll(async () => {
    api = await startTestApi(BACKENDS[0]!);
    doc = (await api.server.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
  });
  afterAll(() => api?.close());

  const operations = () =>
    Object.entries(doc.paths).flatMap(([p, methods]) =>
      Object.entries(methods).map(([method, op]) => ({ method: method.toUpperCase(), path: p, ...op })),
    );

  it('declares OpenAPI 3.1, whose schema dialect the contract is written in', () => {
    expect(doc.openapi).toBe('3.1.0');
  });

  it('names every operation by its endpoint in the contract, and has one for each', () => {
    const named = Object.fromEntries(operations().map((o) => [o.operationId, `${o.method} ${o.path}`]));
    for (const [name, e] of Object.entries(endpoints)) expect(named[name]).toBe(`${e.method} /api/v1${e.path}`);
    expect(operations().every((o) => typeof o.operationId === 'string')).toBe(true);
  });

  it('says the security of each operation: none for the public ones, the credential for the others', () => {
    for (const op of operations()) {
      const e = endpoints[op.operationId as keyof typeof endpoints];
      if (e.auth === 'public') expect(op.security).toEqual([]);
      else expect(op.security).toEqual([{ [e.auth === 'admin' ? 'bearerAuth' : 'marketplaceKey']: [] }]);
    }
  });

  it('documents an upload by the media type it takes (a release: a .tar.gz of the build)', () => {
    const upload = doc.paths['/api/v1/release/upload']!.post as { requestBody?: { content?: Record<string, unknown> } };
    expect(Object.keys(upload.requestBody?.content ?? {})).toEqual(['application/gzip']);
  });

  it('passes `redocly lint` with no error', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-')), 'openapi.json');
    fs.writeFileSync(file, JSON.stringify(doc));
    const lint = await promisify(execFile)(process.execPath, [REDOCLY, 'lint', file, '--format', 'json'], {
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      maxBuffer: 32 * 1024 * 1024,
    }).catch((err: { stdout: string }) => err);
    const report = JSON.parse(lint.stdout) as {
      problems: Array<{ severity: string; ruleId: string; message: string; location: Array<{ pointer: string }> }>;
    };
    const errors = report.problems
      .filter((p) => p.severity === 'error')
      .map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`);
    expect(errors).toEqual([]);
  }, 60_000);
});
