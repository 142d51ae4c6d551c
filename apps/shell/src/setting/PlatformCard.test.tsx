import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { chooseOption, rowOf } from '@backoffice/ui-kit/testing';
import { loadRegistry, OVERRIDE_MESSAGES, OVERRIDES_KEY, type Registry } from '../remotes/registry';
import { RemoteScreen } from '../remotes/RemoteScreen';
import { remoteStatus } from '../remotes/remoteStatus';
import { serveRegistry } from '../remotes/testRegistry';
import { PlatformCard } from './PlatformCard';
import { page } from './usePlatform';
import { renderInShell } from './testFixtures';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  registerRemotes: jest.fn(),
  registerPlugins: jest.fn(),
}));

const entry = (name: string, version: string) => ({
  version,
  manifestUrl: `/remotes/${name}/${version}/mf-manifest.json`,
});
let registry: Registry;
/** Remotes whose files cannot be fetched right now. */
let down: Set<string>;
let reads = 0;
/** The status the server answers the next read of the registry with, instead of the registry. */
let nextRead: number | undefined;
const registryReads = () => reads;

beforeEach(async () => {
  localStorage.clear();
  registry = {
    remotes: {
      people: entry('people', '1.4.0'),
      payments: entry('payments', '2.0.1'),
      catalog: entry('catalog', '0.9.3'),
    },
    // A server started with REMOTE_OVERRIDE_ORIGINS=localhost.
    overrides: { origins: ['http://localhost:*', 'http://127.0.0.1:*'] },
  };
  down = new Set();
  nextRead = undefined;
  serveRegistry(() => {
    reads += 1;
    const reply = nextRead ? { status: nextRead } : { status: 200, body: registry };
    nextRead = undefined;
    return reply;
  });
  jest.mocked(loadRemote).mockImplementation(async (id: string) => {
    const name = id.split('/')[0]!;
    if (down.has(name)) throw new Error(`Failed to get manifest of ${name}`);
    return { default: () => <p>{id} screen</p> };
  });
  // A remote that cannot load is warned of in the console; these tests make them fail on purpose.
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  // Each test starts from a fresh read of its registry, with no remote loaded yet.
  await loadRegistry('people');
  remoteStatus.reset();
  reads = 0;
  jest.mocked(registerRemotes).mockClear();
  jest.mocked(loadRemote).mockClear();
});

afterEach(() => jest.restoreAllMocks());

const statusOf = (name: string) => rowOf(name).getAllByRole('cell')[2]!;

describe('the platform card', () => {
  it('lists each remote with its registry version, not loaded until asked; Check all loads them', async () => {
    renderInShell(<PlatformCard />);
    expect(await screen.findByText('1.4.0')).toBeInTheDocument();
    expect(rowOf('payments').getByText('2.0.1')).toBeInTheDocument();
    expect(rowOf('catalog').getByText('0.9.3')).toBeInTheDocument();
    for (const name of ['people', 'payments', 'catalog']) expect(statusOf(name)).toHaveTextContent('Not loaded yet');

    await userEvent.click(screen.getByRole('button', { name: /Check all/ }));
    await waitFor(() => expect(statusOf('catalog')).toHaveTextContent('Loaded'));
    expect(statusOf('people')).toHaveTextContent('Loaded');
    expect(statusOf('payments')).toHaveTextContent('Loaded');
    // Each through its first screen, as an admin opening it would.
    expect(
      jest
        .mocked(loadRemote)
        .mock.calls.map(([id]) => id)
        .sort(),
    ).toEqual(['catalog/Calls', 'payments/Transactions', 'people/Fans']);
    expect(screen.getByRole('button', { name: /Check all/ })).toBeDisabled();
  });

  it('reports a remote screen that failed, and Retry re-reads the registry and loads that remote afresh', async () => {
    down.add('catalog');
    renderInShell(
      <>
        <RemoteScreen remote="catalog" module="Notifications" label="Notifications" />
        <PlatformCard />
      </>,
    );
    expect(await screen.findByText('Notifications is unavailable')).toBeInTheDocument();
    await waitFor(() =>
      expect(statusOf('catalog')).toHaveTextContent('Failed to load: Failed to get manifest of catalog'),
    );
    expect(statusOf('people')).toHaveTextContent('Not loaded yet');

    // The remote comes back, published at a new version.
    down.delete('catalog');
    registry = { remotes: { ...registry.remotes, catalog: entry('catalog', '0.9.4') } };
    const readsBefore = registryReads();
    await userEvent.click(
      within(rowOf('catalog').getAllByRole('cell')[3]!).getByRole('button', { name: 'Retry catalog' }),
    );
    await waitFor(() => expect(statusOf('catalog')).toHaveTextContent('Loaded'));
    expect(registryReads()).toBe(readsBefore + 1);
    expect(rowOf('catalog').getByText('0.9.4')).toBeInTheDocument();
    // Only the failed remote's runtime entry is dropped; the others are registered as they were.
    const forced = jest.mocked(registerRemotes).mock.calls.filter(([, options]) => options?.force);
    expect(forced.map(([remotes]) => remotes.map((r) => r.name))).toEqual([['catalog']]);
    expect(screen.queryByRole('button', { name: 'Retry catalog' })).not.toBeInTheDocument();
  });

  it('says which remote this admin runs at a staged version', async () => {
    registry = { ...registry, remotes: { ...registry.remotes, people: { ...entry('people', '1.5.0'), staged: true } } };
    await loadRegistry('people');
    renderInShell(<PlatformCard />);
    expect(await rowOf('people').findByText('1.5.0')).toBeInTheDocument();
    expect(rowOf('people').getByText('Staged')).toBeInTheDocument();
    expect(rowOf('payments').queryByText('Staged')).not.toBeInTheDocument();
  });

  it("shows a developer's override instead of the registry's version", async () => {
    localStorage.setItem(OVERRIDES_KEY, JSON.stringify({ people: 'http://localhost:3001/mf-manifest.json' }));
    renderInShell(<PlatformCard />);
    expect(await rowOf('people').findByText('http://localhost:3001/mf-manifest.json')).toBeInTheDocument();
    expect(rowOf('people').getByText('Override')).toBeInTheDocument();
  });

  it('says why a retry failed when the registry itself cannot be read', async () => {
    down.add('catalog');
    renderInShell(<PlatformCard />);
    await userEvent.click(screen.getByRole('button', { name: /Check all/ }));
    await waitFor(() => expect(statusOf('catalog')).toHaveTextContent('Failed to load'));
    nextRead = 503;
    await userEvent.click(screen.getByRole('button', { name: 'Retry catalog' }));
    await waitFor(() =>
      expect(statusOf('catalog')).toHaveTextContent('Failed to load: The remote registry could not be read (HTTP 503)'),
    );
  });

  describe("a developer's override", () => {
    let reloads: jest.SpyInstance;
    beforeEach(() => {
      reloads = jest.spyOn(page, 'reload').mockImplementation(() => undefined);
    });
    const useOverride = async (remote: string, url: string) => {
      const form = screen.getByRole('form', { name: 'Load a remote from this machine' });
      await chooseOption(within(form).getByRole('combobox'), remote);
      await userEvent.type(within(form).getByLabelText('Manifest URL'), url);
      await userEvent.click(within(form).getByRole('button', { name: 'Use override' }));
    };

    it('loads a remote from this machine after a reload', async () => {
      renderInShell(<PlatformCard />);
      await screen.findByText('1.4.0');
      await useOverride('catalog', 'http://localhost:3003/mf-manifest.json');
      expect(JSON.parse(localStorage.getItem(OVERRIDES_KEY)!)).toEqual({
        catalog: 'http://localhost:3003/mf-manifest.json',
      });
      expect(reloads).toHaveBeenCalledTimes(1);
    });

    it('says which origins this server accepts', async () => {
      renderInShell(<PlatformCard />);
      expect(
        await screen.findByText(/This server accepts overrides from http:\/\/localhost:\*, http:\/\/127\.0\.0\.1:\*/),
      ).toBeInTheDocument();
    });

    it('refuses an address on another machine, says why, and stores nothing', async () => {
      renderInShell(<PlatformCard />);
      await screen.findByText('1.4.0');
      await useOverride('people', 'https://evil.example.com/mf-manifest.json');
      expect(
        await screen.findByText(OVERRIDE_MESSAGES.notAllowed(['http://localhost:*', 'http://127.0.0.1:*'])),
      ).toBeInTheDocument();
      expect(localStorage.getItem(OVERRIDES_KEY)).toBeNull();
      expect(reloads).not.toHaveBeenCalled();
    });

    it('accepts only the origins the server names', async () => {
      registry = { ...registry, overrides: { origins: ['http://localhost:3001'] } };
      await loadRegistry('people');
      renderInShell(<PlatformCard />);
      await screen.findByText('1.4.0');
      await useOverride('catalog', 'http://localhost:3003/mf-manifest.json');
      expect(await screen.findByText(OVERRIDE_MESSAGES.notAllowed(['http://localhost:3001']))).toBeInTheDocument();
      expect(localStorage.getItem(OVERRIDES_KEY)).toBeNull();
      expect(reloads).not.toHaveBeenCalled();
    });

    it('goes back to the published version when the override is removed', async () => {
      localStorage.setItem(
        OVERRIDES_KEY,
        JSON.stringify({
          people: 'http://localhost:3001/mf-manifest.json',
          payments: 'http://localhost:3002/mf-manifest.json',
        }),
      );
      renderInShell(<PlatformCard />);
      await userEvent.click(await screen.findByRole('button', { name: 'Remove the override of people' }));
      expect(JSON.parse(localStorage.getItem(OVERRIDES_KEY)!)).toEqual({
        payments: 'http://localhost:3002/mf-manifest.json',
      });
      expect(reloads).toHaveBeenCalledTimes(1);
    });
  });

  describe('on a server started without REMOTE_OVERRIDE_ORIGINS', () => {
    beforeEach(async () => {
      registry = { remotes: registry.remotes };
      await loadRegistry('people');
    });

    it('says overrides are off, naming the variable, and disables the controls', async () => {
      renderInShell(<PlatformCard />);
      expect(await screen.findByText(OVERRIDE_MESSAGES.off)).toBeInTheDocument();
      expect(OVERRIDE_MESSAGES.off).toContain('REMOTE_OVERRIDE_ORIGINS');
      const form = screen.getByRole('form', { name: 'Load a remote from this machine' });
      expect(within(form).getByLabelText('Manifest URL')).toBeDisabled();
      expect(within(form).getByRole('combobox')).toBeDisabled();
      expect(within(form).getByRole('button', { name: 'Use override' })).toBeDisabled();
    });

    it('ignores an override saved earlier: the published version shows, and loads', async () => {
      localStorage.setItem(OVERRIDES_KEY, JSON.stringify({ people: 'http://localhost:3001/mf-manifest.json' }));
      await loadRegistry('people');
      renderInShell(<PlatformCard />);
      expect(await rowOf('people').findByText('1.4.0')).toBeInTheDocument();
      expect(rowOf('people').getByText('Override ignored')).toBeInTheDocument();
      expect(rowOf('people').queryByText('http://localhost:3001/mf-manifest.json')).not.toBeInTheDocument();
      const registered = jest.mocked(registerRemotes).mock.calls.flatMap(([remotes]) => remotes);
      expect(registered).toContainEqual({ name: 'people', entry: '/remotes/people/1.4.0/mf-manifest.json' });
      expect(registered.map((r) => ('entry' in r ? r.entry : undefined))).not.toContain(
        'http://localhost:3001/mf-manifest.json',
      );
      // It can still be removed, so that it does not come back on a server that allows it.
      jest.spyOn(page, 'reload').mockImplementation(() => undefined);
      await userEvent.click(rowOf('people').getByRole('button', { name: 'Remove the override of people' }));
      expect(localStorage.getItem(OVERRIDES_KEY)).toBeNull();
    });
  });
});
