import { registerRemotes } from '@module-federation/enhanced/runtime';
import { FIRST_SCREEN_DATA_ID, loadRegistry } from './registry';
import { serveRegistry } from './testRegistry';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  registerRemotes: jest.fn(),
  registerPlugins: jest.fn(),
}));

const entry = (version: string) => ({
  version,
  manifestUrl: `/remotes/people/${version}/mf-manifest.json`,
  integrity: { 'mf-manifest.json': 'sha384-x' },
});

// A file of its own: the page's registry is taken by the module's first read, once per page.
describe('the registry the server wrote into the page', () => {
  it('is the first read, without asking for /registry.json; a retry asks the server', async () => {
    const data = document.createElement('script');
    data.type = 'application/json';
    data.id = FIRST_SCREEN_DATA_ID;
    data.textContent = JSON.stringify({
      registry: { remotes: { people: entry('1.0.0') }, overrides: { origins: [] } },
    });
    document.head.appendChild(data);
    const reads = serveRegistry(() => ({ status: 200, body: { remotes: { people: entry('1.0.1') } } }));

    await loadRegistry();
    expect(reads).not.toHaveBeenCalled();
    expect(jest.mocked(registerRemotes).mock.calls.flatMap(([r]) => r)).toEqual([
      { name: 'people', entry: '/remotes/people/1.0.0/mf-manifest.json' },
    ]);

    jest.mocked(registerRemotes).mockClear();
    await loadRegistry('people');
    expect(reads).toHaveBeenCalledTimes(1);
    expect(jest.mocked(registerRemotes).mock.calls.flatMap(([r]) => r)).toEqual([
      { name: 'people', entry: '/remotes/people/1.0.1/mf-manifest.json' },
    ]);
  });
});
