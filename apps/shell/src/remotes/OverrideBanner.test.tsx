import { render, screen } from '@testing-library/react';
import { AppProviders } from '@backoffice/ui-kit';
import { createQueryClient } from '@backoffice/shared-api';
import { OverrideBanner } from './OverrideBanner';
import { registeredRemotes, serveRegistry } from './testRegistry';
import { originAllowed, OVERRIDE_MESSAGES, OVERRIDES_KEY, type Registry } from './registry';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  registerRemotes: jest.fn(),
  registerPlugins: jest.fn(),
}));

const PUBLISHED: Registry['remotes'] = {
  people: { version: '1.4.0', manifestUrl: '/remotes/people/1.4.0/mf-manifest.json' },
  catalog: { version: '0.9.3', manifestUrl: '/remotes/catalog/0.9.3/mf-manifest.json' },
};
let registry: Registry;

/** Reads `served` as the registry, as a fresh page load would, and returns what the runtime was given. */
function load(served: Registry) {
  registry = served;
  return registeredRemotes();
}

const renderBanner = () =>
  render(
    <AppProviders queryClient={createQueryClient()} toasts>
      <OverrideBanner />
    </AppProviders>,
  );

beforeEach(() => {
  localStorage.clear();
  serveRegistry(() => ({ status: 200, body: registry }));
  localStorage.setItem(OVERRIDES_KEY, JSON.stringify({ people: 'http://localhost:3001/mf-manifest.json' }));
});

describe("a developer's remote override", () => {
  it('loads, with a banner saying so, on a server that allows its origin', async () => {
    const loaded = await load({ remotes: PUBLISHED, overrides: { origins: ['http://localhost:*'] } });
    expect(loaded).toEqual({
      people: 'http://localhost:3001/mf-manifest.json',
      catalog: '/remotes/catalog/0.9.3/mf-manifest.json',
    });
    renderBanner();
    expect(
      await screen.findByText('Remote override active: people from http://localhost:3001/mf-manifest.json'),
    ).toBeInTheDocument();
  });

  it('is ignored on a server without REMOTE_OVERRIDE_ORIGINS, and the banner says why', async () => {
    const loaded = await load({ remotes: PUBLISHED });
    expect(loaded.people).toBe('/remotes/people/1.4.0/mf-manifest.json');
    renderBanner();
    expect(
      await screen.findByText(
        `Remote override ignored: people from http://localhost:3001/mf-manifest.json. ${OVERRIDE_MESSAGES.off}`,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Remote override active/)).not.toBeInTheDocument();
  });

  it('is ignored when its origin is not among those the server allows', async () => {
    const loaded = await load({ remotes: PUBLISHED, overrides: { origins: ['http://localhost:3002'] } });
    expect(loaded.people).toBe('/remotes/people/1.4.0/mf-manifest.json');
    renderBanner();
    expect(
      await screen.findByText(/Remote override ignored: people from .*Its origin is not allowed here/),
    ).toBeInTheDocument();
  });

  it('shows no banner when nothing is saved', async () => {
    localStorage.clear();
    await load({ remotes: PUBLISHED, overrides: { origins: [] } });
    renderBanner();
    await new Promise((r) => setTimeout(r, 0));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText(/Remote override/)).not.toBeInTheDocument();
  });
});

describe('originAllowed', () => {
  it.each([
    ['http://localhost:3001', ['http://localhost:3001'], true],
    ['http://localhost:3001', ['http://localhost:*'], true],
    ['http://localhost', ['http://localhost:*'], true],
    ['http://127.0.0.1:3001', ['http://localhost:*'], false],
    ['https://localhost:3001', ['http://localhost:*'], false],
    ['http://localhost.evil.com:3001', ['http://localhost:*'], false],
    ['http://localhost:3002', ['http://localhost:3001'], false],
    ['http://localhost:3001', [], false],
  ])('%s against %j: %s', (origin, allowed, expected) => {
    expect(originAllowed(origin, allowed)).toBe(expected);
  });
});
