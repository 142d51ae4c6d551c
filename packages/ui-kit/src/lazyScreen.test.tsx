import { Component, useState, type ReactNode } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazyScreen } from './lazyDetail';
import { lazyPage } from './lazyScreen';

/** As the shell's boundary around a remote's screen: the failure, and a Retry that remounts. */
class Boundary extends Component<{ onRetry: () => void; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <button onClick={this.props.onRetry}>Retry</button> : this.props.children;
  }
}

function Area({ children }: { children: ReactNode }) {
  const [attempt, setAttempt] = useState(0);
  return (
    <Boundary key={attempt} onRetry={() => setAttempt((a) => a + 1)}>
      {children}
    </Boundary>
  );
}

const Edit = ({ id }: { id: string }) => <p>Editing {id}</p>;

describe('lazyScreen', () => {
  it('shows the detail loader until the screen is fetched, then the screen with its props', async () => {
    let arrive: (c: typeof Edit) => void = () => undefined;
    const FanEdit = lazyScreen(() => new Promise<typeof Edit>((resolve) => (arrive = resolve)));
    render(<FanEdit id="7" />);
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    arrive(Edit);
    expect(await screen.findByText('Editing 7')).toBeInTheDocument();
  });

  it('fetches again after a failed fetch when Retry remounts it', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const load = jest
      .fn<Promise<typeof Edit>, []>()
      .mockRejectedValueOnce(new Error('ChunkLoadError'))
      .mockResolvedValue(Edit);
    const FanEdit = lazyScreen(load);
    render(
      <Area>
        <FanEdit id="7" />
      </Area>,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Editing 7')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('renders at once, with no fallback, once `ready` says the code is here', () => {
    const load = jest.fn<Promise<typeof Edit>, []>(() => new Promise(() => undefined));
    const code: { here?: typeof Edit } = {};
    const Page = lazyPage(load, <p>Loading the page…</p>, () => code.here);
    const { rerender } = render(<Page id="1" />);
    expect(screen.getByText('Loading the page…')).toBeInTheDocument();
    code.here = Edit;
    rerender(<Page id="2" />);
    expect(screen.getByText('Editing 2')).toBeInTheDocument();
  });
});
