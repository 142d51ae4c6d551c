import { screen, waitFor } from '@testing-library/react';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { renderInShell } from '../setting/testFixtures';
import { loadRegistry } from './registry';
import { RemoteScreen } from './RemoteScreen';
import { preloadRemoteScreen, remoteStatus } from './remoteStatus';
import { PEOPLE_REGISTRY, serveRegistry } from './testRegistry';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  registerRemotes: jest.fn(),
  registerPlugins: jest.fn(),
}));

beforeEach(async () => {
  serveRegistry(() => ({ status: 200, body: PEOPLE_REGISTRY }));
  jest.mocked(loadRemote).mockReset();
  jest.mocked(loadRemote).mockImplementation(async (id: string) => ({ default: () => <p>{id} screen</p> }));
  await loadRegistry('people');
  remoteStatus.reset();
});

describe('a remote screen in the shell', () => {
  it('names what is loading until its code is here, then shows it', async () => {
    renderInShell(<RemoteScreen remote="people" module="Fans" label="Fans" />);
    expect(screen.getByText('Loading Fans…')).toBeInTheDocument();
    expect(await screen.findByText('people/Fans screen')).toBeInTheDocument();
  });

  it('whose code this page has loaded is drawn in its first render, without its loader', async () => {
    // As the page's first screen is: preloaded with the session check, before its route renders.
    preloadRemoteScreen('people', 'Fans');
    await waitFor(() => expect(loadRemote).toHaveBeenCalledWith('people/Fans'));
    await new Promise((r) => setTimeout(r, 0));
    renderInShell(<RemoteScreen remote="people" module="Fans" label="Fans" />);
    expect(screen.getByText('people/Fans screen')).toBeInTheDocument();
    expect(screen.queryByText('Loading Fans…')).not.toBeInTheDocument();
    // Its load still reports, for the platform section: the screen is loaded.
    await waitFor(() => expect(remoteStatus.get().people).toEqual({ state: 'loaded' }));
  });

  it('another screen of the same remote still names what is loading', async () => {
    preloadRemoteScreen('people', 'Fans');
    await waitFor(() => expect(loadRemote).toHaveBeenCalledWith('people/Fans'));
    renderInShell(<RemoteScreen remote="people" module="Influencers" label="Influencers" />);
    expect(screen.getByText('Loading Influencers…')).toBeInTheDocument();
    expect(await screen.findByText('people/Influencers screen')).toBeInTheDocument();
  });
});
