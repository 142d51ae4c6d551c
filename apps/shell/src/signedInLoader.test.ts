import { loadRemote } from '@module-federation/enhanced/runtime';
import { loadRegistry } from './remotes/registry';
import { loadedScreen, remoteStatus } from './remotes/remoteStatus';
import { PEOPLE_REGISTRY, serveRegistry } from './remotes/testRegistry';
import { LANDING_SCREEN_WAIT_MS, loadSignedIn, preloadSignedIn } from './signedInLoader';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  registerRemotes: jest.fn(),
  registerPlugins: jest.fn(),
}));

/** Whether `promise` has settled by the time the tasks queued so far have run. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setTimeout(resolve, 20));
  return done;
}

const waitForCall = async () => {
  for (let i = 0; i < 100 && jest.mocked(loadRemote).mock.calls.length === 0; i++)
    await new Promise((resolve) => setTimeout(resolve, 5));
  expect(loadRemote).toHaveBeenCalledWith('people/Fans');
};

beforeEach(async () => {
  serveRegistry(() => ({ status: 200, body: PEOPLE_REGISTRY }));
  jest.mocked(loadRemote).mockReset();
  await loadRegistry('people');
  remoteStatus.reset();
});

describe('the signed-in layout waits for the screen it opens on', () => {
  it("opens on a remote's route once that screen is here: the layout and the screen come in one commit", async () => {
    let arrive: (m: { default: () => null }) => void = () => undefined;
    jest.mocked(loadRemote).mockImplementation(() => new Promise((resolve) => (arrive = resolve)));
    // The signed-in chunk is here: what is waited for is the remote's screen.
    await loadSignedIn();
    const ready = preloadSignedIn('/app/fans?page=2');
    await waitForCall();
    expect(await settled(ready)).toBe(false);
    arrive({ default: () => null });
    await ready;
    expect(loadedScreen('people', 'Fans')).toBeDefined();
  });

  it('a remote that does not answer holds it back no longer than LANDING_SCREEN_WAIT_MS', async () => {
    jest.mocked(loadRemote).mockImplementation(() => new Promise(() => undefined));
    const started = Date.now();
    await preloadSignedIn('/app/fans');
    expect(Date.now() - started).toBeGreaterThanOrEqual(LANDING_SCREEN_WAIT_MS - 20);
    expect(Date.now() - started).toBeLessThan(LANDING_SCREEN_WAIT_MS + 2_000);
  });

  it("a screen of the shell, and the sign-in page's early fetch, wait for no remote", async () => {
    jest.mocked(loadRemote).mockImplementation(() => new Promise(() => undefined));
    expect(await settled(preloadSignedIn('/app/setting'))).toBe(true);
    expect(await settled(preloadSignedIn('/app/fans', false))).toBe(true);
    expect(loadRemote).not.toHaveBeenCalled();
  });
});
