import { ROUTES } from '@backoffice/shared-api';
import { ok, stubApi } from '@backoffice/shared-api/testing';
import { loadRegistry, type Registry } from './registry';
import { registeredRemotes, serveRegistry } from './testRegistry';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  registerRemotes: jest.fn(),
  registerPlugins: jest.fn(),
}));

const entry = (name: string, version: string, extra: object = {}) => ({
  version,
  manifestUrl: `/remotes/${name}/${version}/mf-manifest.json`,
  integrity: { 'mf-manifest.json': 'sha384-x' },
  ...extra,
});
const overrides = { origins: [] };

describe("the shell's read of the remote registry", () => {
  let asked: number;
  beforeEach(() => {
    asked = 0;
    localStorage.clear();
  });
  const adminRegistry = (registry: Registry) =>
    stubApi((config) => {
      if (config.url !== ROUTES.getRemoteRegistry.path) return undefined;
      asked += 1;
      return ok(registry);
    });

  it("is everyone's public registry, with no call to the API, while no stage is under way", async () => {
    const reads = serveRegistry(() => ({
      status: 200,
      body: { remotes: { people: entry('people', '1.0.0'), catalog: entry('catalog', '0.9.3') }, overrides },
    }));
    adminRegistry({ remotes: {}, overrides });
    expect(await registeredRemotes()).toEqual({
      people: '/remotes/people/1.0.0/mf-manifest.json',
      catalog: '/remotes/catalog/0.9.3/mf-manifest.json',
    });
    expect(reads).toHaveBeenCalledTimes(1);
    expect(asked).toBe(0);
  });

  it('asks the API which version this admin runs while a stage of a remote is under way', async () => {
    serveRegistry(() => ({
      status: 200,
      body: { remotes: { people: entry('people', '1.0.0', { stageActive: true }) }, overrides },
    }));
    adminRegistry({ remotes: { people: entry('people', '1.1.0', { staged: true }) }, overrides });
    expect(await registeredRemotes()).toEqual({ people: '/remotes/people/1.1.0/mf-manifest.json' });
    expect(asked).toBe(1);
  });

  it('says the registry could not be read when the server fails, and reads again next time', async () => {
    let status = 502;
    serveRegistry(() => (status === 200 ? { status, body: { remotes: {}, overrides } } : { status }));
    await expect(loadRegistry('people')).rejects.toThrow('The remote registry could not be read (HTTP 502)');
    status = 200;
    await expect(loadRegistry('people')).resolves.toEqual({ remotes: {}, overrides });
  });
});
