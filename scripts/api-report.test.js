const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { PACKAGES, problemOf, writeReport } = require('./api-report');

describe('the committed API report of each shared package', () => {
  test.each(PACKAGES)('%s: the report holds the current surface at the current version', (dir) => {
    expect(problemOf(dir)).toBeNull();
  });
});

describe('the check', () => {
  let work;
  const write = (file, text) => {
    fs.mkdirSync(path.dirname(path.join(work, file)), { recursive: true });
    fs.writeFileSync(path.join(work, file), text);
  };
  const version = (v) =>
    write('package.json', JSON.stringify({ name: '@fixture/pkg', version: v, exports: { '.': './src/index.ts' } }));
  beforeEach(() => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'bo-api-report-'));
    write(
      'tsconfig.json',
      JSON.stringify({ compilerOptions: { strict: true, module: 'esnext', moduleResolution: 'bundler' } }),
    );
    version('1.0.0');
    write('src/index.ts', 'export function useThing(): number { return 1; }\nexport type Thing = { a: number };\n');
    writeReport(work);
  });
  afterEach(() => fs.rmSync(work, { recursive: true, force: true }));

  test('an unchanged surface at the recorded version passes', () => {
    expect(problemOf(work)).toBeNull();
  });

  test('an added export without a version bump fails, naming it and the command', () => {
    write(
      'src/index.ts',
      'export function useThing(): number { return 1; }\nexport type Thing = { a: number };\nexport const useNew = () => 2;\n',
    );
    const problem = problemOf(work);
    expect(problem).toContain("@fixture/pkg's exported surface changed but its version is still 1.0.0");
    expect(problem).toContain('.: added useNew (variable)');
    expect(problem).toContain('npm run api-report');
  });

  test('a removed or renamed export, or one whose kind changed, fails too', () => {
    write('src/index.ts', 'export const useThing = 1;\nexport type Thing2 = { a: number };\n');
    const problem = problemOf(work);
    expect(problem).toContain('.: removed Thing (type)');
    expect(problem).toContain('.: added Thing2 (type)');
    expect(problem).toContain('.: useThing was function, is variable');
  });

  test('a changed signature (a parameter, a field) without a version bump fails too, saying what changed', () => {
    write(
      'src/index.ts',
      'export function useThing(page: number): number { return page; }\nexport type Thing = { a: number; b?: string };\n',
    );
    const problem = problemOf(work);
    expect(problem).toContain("@fixture/pkg's exported surface changed but its version is still 1.0.0");
    expect(problem).toContain(
      '.: useThing changed (function): was function () => number, is function (page: number) => number',
    );
    expect(problem).toContain('.: Thing changed (type)');
  });

  test('a bump without rewriting the report asks for the report; after it, the check passes', () => {
    write(
      'src/index.ts',
      'export function useThing(): number { return 1; }\nexport type Thing = { a: number };\nexport const x = 1;\n',
    );
    version('1.1.0');
    expect(problemOf(work)).toContain('records 1.0.0, the package is 1.1.0: run `npm run api-report`');
    writeReport(work);
    expect(problemOf(work)).toBeNull();
  });

  test('a singleton entry has its own version: bumping only the package does not cover a change to it', () => {
    write(
      'package.json',
      JSON.stringify({
        name: '@fixture/pkg',
        version: '1.0.0',
        exports: { '.': './src/index.ts', './runtime': './src/runtime.ts' },
        federation: { singletons: { './runtime': '1.0.0' } },
      }),
    );
    write('src/runtime.ts', 'export const session = {};\n');
    writeReport(work);
    expect(problemOf(work)).toBeNull();

    write('src/runtime.ts', 'export const session = {};\nexport const socket = {};\n');
    const bumpPackageOnly = (singleton) =>
      write(
        'package.json',
        JSON.stringify({
          name: '@fixture/pkg',
          version: '1.1.0',
          exports: { '.': './src/index.ts', './runtime': './src/runtime.ts' },
          federation: { singletons: { './runtime': singleton } },
        }),
      );
    bumpPackageOnly('1.0.0');
    const problem = problemOf(work);
    expect(problem).toContain("@fixture/pkg's singleton entry ./runtime changed but its version is still 1.0.0");
    expect(problem).toContain('./runtime: added socket (variable)');
    expect(problem).toContain("federation.singletons' version of ./runtime");

    bumpPackageOnly('1.1.0');
    expect(problemOf(work)).toContain('run `npm run api-report`');
    writeReport(work);
    expect(problemOf(work)).toBeNull();
  });
});
