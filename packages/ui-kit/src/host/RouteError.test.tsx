import { render, screen } from '@testing-library/react';
import { HostRoot } from './HostRoot';

function Throws({ error }: { error: unknown }): never {
  throw error;
}

describe("the page's last resort (HostRoot's error element)", () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));

  it("says a screen failed, in the product's words, with a way on, instead of the router's developer page", async () => {
    render(<HostRoot routes={[{ path: '*', element: <Throws error={new Error('The layout broke')} /> }]} />);
    expect(await screen.findByRole('heading', { name: 'This page could not be shown' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('The layout broke');
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeInTheDocument();
    expect(screen.queryByText(/Unexpected Application Error/)).not.toBeInTheDocument();
  });

  it("names a screen's code that could not be fetched (a release replaced it) rather than webpack's message", async () => {
    const chunk = Object.assign(new Error('Loading chunk 715 failed.\n(error: https://x/715.js)'), {
      name: 'ChunkLoadError',
    });
    render(<HostRoot routes={[{ path: '*', element: <Throws error={chunk} /> }]} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "This page's code could not be fetched: the network failed, or a new release replaced it.",
    );
  });
});
