import { checkSharedRequirements, satisfies, unmetRequirements, type Manifest } from './gate';

// As our builds write them: the main entries of our packages by semver, the rest singletons.
const SEMVER_SHARED = new Set(['@backoffice/shared-api', '@backoffice/ui-kit', 'only-mine']);
const shared = (entries: Record<string, string>): Manifest => ({
  shared: Object.entries(entries).map(([name, v]) => ({
    name,
    version: v.replace(/^[\^~]/, ''),
    requiredVersion: v,
    singleton: !SEMVER_SHARED.has(name),
  })),
});
const RUNTIME = '@backoffice/shared-api/runtime';

test('satisfies reads the ranges our builds write', () => {
  expect(satisfies('1.0.0', '^1.0.0')).toBe(true);
  expect(satisfies('1.3.0', '^1.1.0')).toBe(true);
  expect(satisfies('1.0.0', '^1.1.0')).toBe(false);
  expect(satisfies('0.2.5', '^0.2.0')).toBe(true);
  expect(satisfies('0.3.0', '^0.2.0')).toBe(false);
  expect(satisfies('20.0.0', '^19.3.1')).toBe(false);
  expect(satisfies('1.3.0', '~1.2.3')).toBe(false);
  expect(satisfies('1.0.0', '^2.0.0 || ^1.0.0')).toBe(true);
  expect(satisfies('1.0.0', 'latest')).toBe(false);
});

test('names each shared package the shell cannot serve, singleton or not; one it does not share is the remote’s own', () => {
  const shell = shared({ '@backoffice/shared-api': '1.0.0', [RUNTIME]: '1.0.0', react: '19.3.1' });
  const remote = shared({
    '@backoffice/shared-api': '^1.1.0',
    [RUNTIME]: '^1.1.0',
    react: '^19.3.1',
    'only-mine': '^1.0.0',
  });
  expect(unmetRequirements(remote, shell)).toEqual([
    { name: '@backoffice/shared-api', required: '^1.1.0', provided: '1.0.0', singleton: false },
    { name: RUNTIME, required: '^1.1.0', provided: '1.0.0', singleton: true },
  ]);
});

test('a singleton the shell does not provide at all is unmet: a released remote carries no copy of one', () => {
  expect(
    unmetRequirements(shared({ react: '^19.3.1', '@backoffice/ui-kit/router': '^1.0.0' }), shared({ react: '19.3.1' })),
  ).toEqual([{ name: '@backoffice/ui-kit/router', required: '^1.0.0', provided: 'none', singleton: true }]);
});

describe('the release gate', () => {
  const shell = shared({ '@backoffice/shared-api': '1.0.0', [RUNTIME]: '1.0.0', react: '19.3.1' });
  it('passes a remote the shell can serve, noting a newer semver-shared package it loads its own copy of', () => {
    expect(checkSharedRequirements('people', shared({ [RUNTIME]: '^1.0.0', react: '^19.3.1' }), shell)).toEqual([]);
    expect(checkSharedRequirements('people', shared({ '@backoffice/shared-api': '^1.1.0' }), shell)).toEqual([
      'people needs @backoffice/shared-api ^1.1.0, the shell provides 1.0.0: it loads its own copy',
    ]);
  });
  it('refuses one that needs a newer singleton with 422, naming it', () => {
    expect(() => checkSharedRequirements('people', shared({ [RUNTIME]: '^1.1.0' }), shell)).toThrow(
      `people needs ${RUNTIME} ^1.1.0, the shell provides 1.0.0`,
    );
    expect(() => checkSharedRequirements('people', shared({ [RUNTIME]: '^1.1.0' }), undefined)).toThrow(
      /no shell build/,
    );
  });
});
