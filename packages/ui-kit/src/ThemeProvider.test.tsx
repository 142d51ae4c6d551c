import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, theme } from 'antd';
import { themeMode } from '@backoffice/shared-api/runtime';
import { THEMES, ThemeProvider, useToasts, type ToastKind } from './ThemeProvider';
import { LazyToasts } from './host/LazyToasts';

function Notify({ kind, message }: { kind: ToastKind; message: string }) {
  const toasts = useToasts();
  return <Button onClick={() => toasts.show(kind, message)}>Notify</Button>;
}

function PrimaryColour() {
  const { token } = theme.useToken();
  return <output>{`${token.colorPrimary} ${token.borderRadius}`}</output>;
}

describe('ThemeProvider', () => {
  it('gives its children the product theme', () => {
    render(
      <ThemeProvider>
        <PrimaryColour />
      </ThemeProvider>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('#0958d9 6');
  });

  it('switches to the dark palette', () => {
    function Background() {
      const { token } = theme.useToken();
      return <output>{token.colorBgContainer}</output>;
    }
    const { rerender } = render(
      <ThemeProvider mode="light">
        <Background />
      </ThemeProvider>,
    );
    const light = screen.getByRole('status').textContent;
    rerender(
      <ThemeProvider mode="dark">
        <Background />
      </ThemeProvider>,
    );
    expect(screen.getByRole('status').textContent).not.toBe(light);
  });

  it("writes the theme's values but none of antd's component styles (the page's stylesheet has them)", () => {
    render(
      <ThemeProvider mode="light">
        <Button type="primary">Save</Button>
      </ThemeProvider>,
    );
    const written = Array.from(document.head.querySelectorAll('style:not([data-antd-styles])'), (s) => s.textContent);
    // The theme as CSS variables, ours: the primary is the product's, not antd's default.
    expect(written.join('')).toMatch(/--ant-color-primary:\s*#0958d9/);
    // Nothing but variables: no CSS-in-JS rule for the button, antd serialised no style at run time.
    const declared = written.join('').match(/[{;]\s*[a-z-]+\s*:/g) ?? [];
    expect(declared.length).toBeGreaterThan(0);
    expect(declared.filter((d) => !/^[{;]\s*--/.test(d))).toEqual([]);
    expect(screen.getByRole('button', { name: 'Save' })).toHaveClass('ant-btn');
  });

  it("follows the admin's remembered choice when given no mode; a given mode wins", () => {
    localStorage.clear();
    function Background() {
      const { token } = theme.useToken();
      return <output>{token.colorBgContainer}</output>;
    }
    const { rerender } = render(
      <ThemeProvider>
        <Background />
      </ThemeProvider>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('#ffffff');
    act(() => themeMode.set('dark'));
    expect(screen.getByRole('status')).not.toHaveTextContent('#ffffff');
    rerender(
      <ThemeProvider mode="light">
        <Background />
      </ThemeProvider>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('#ffffff');
    act(() => themeMode.set('light'));
    localStorage.clear();
  });
});

/** '#rgb', '#rrggbb' or 'rgba(r, g, b, a)' laid over an opaque '#rrggbb'. */
function flatten(colour: string, under = '#ffffff'): [number, number, number] {
  const hex = (h: string) =>
    (h.length === 4
      ? [h[1]! + h[1]!, h[2]! + h[2]!, h[3]! + h[3]!]
      : [h.slice(1, 3), h.slice(3, 5), h.slice(5, 7)]
    ).map((x) => parseInt(x, 16)) as [number, number, number];
  if (colour.startsWith('#')) return hex(colour);
  const [r, g, b, a = 1] = /rgba?\(([^)]+)\)/.exec(colour)![1]!.split(',').map(Number) as number[];
  const base = hex(under);
  return [r!, g!, b!].map((v, i) => Math.round(v * a + base[i]! * (1 - a))) as [number, number, number];
}

const luminance = (rgb: [number, number, number]) => {
  const [r, g, b] = rgb.map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};

const toHex = (rgb: [number, number, number]) => `#${rgb.map((v) => v.toString(16).padStart(2, '0')).join('')}`;

function contrast(fg: string, bg: string): number {
  const under = toHex(flatten(bg));
  const [a, b] = [luminance(flatten(fg, under)), luminance(flatten(under))];
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

describe.each(['light', 'dark'] as const)('the %s theme reads at WCAG AA (4.5:1)', (mode) => {
  const token = theme.getDesignToken(THEMES[mode]);
  const surfaces = { container: token.colorBgContainer, layout: token.colorBgLayout, elevated: token.colorBgElevated };
  const texts = [
    'colorText',
    'colorTextSecondary',
    'colorTextTertiary',
    'colorTextDescription',
    'colorTextPlaceholder',
  ];
  const coloured = [
    'colorLink',
    'colorLinkHover',
    'colorLinkActive',
    'colorError',
    ...(mode === 'light' ? ['colorPrimary', 'colorSuccess', 'colorWarning'] : []),
  ];
  it.each(
    Object.entries(surfaces).flatMap(([name, bg]) => [...texts, ...coloured].map((fg) => [fg, name, bg] as const)),
  )('%s on the %s background', (fg, _name, bg) => {
    expect(contrast(token[fg as keyof typeof token] as string, bg)).toBeGreaterThanOrEqual(4.5);
  });

  const whiteOn = ['colorPrimary', 'colorPrimaryHover', 'colorPrimaryActive'];
  it.each(mode === 'light' ? [...whiteOn, 'colorError', 'colorErrorHover'] : whiteOn)('white text on %s', (fill) => {
    expect(contrast(token.colorTextLightSolid, token[fill as 'colorPrimary'])).toBeGreaterThanOrEqual(4.5);
  });

  // The tags the screens use: a preset's 7th shade on its 1st, a status colour on its pale background.
  if (mode === 'dark') {
    // A danger button's fill under its label (components.Button.dangerColor), at rest, hovered, pressed.
    it.each(['colorError', 'colorErrorHover', 'colorErrorActive'] as const)('a danger label on %s', (fill) => {
      const label = (THEMES.dark.components!.Button as { dangerColor: string }).dangerColor;
      expect(contrast(label, token[fill])).toBeGreaterThanOrEqual(4.5);
    });
  }

  it.each(['gold', 'green', 'red', 'purple', 'blue', 'cyan', 'orange'] as const)('a %s tag', (preset) => {
    expect(contrast(token[`${preset}7`], token[`${preset}1`])).toBeGreaterThanOrEqual(4.5);
  });
  it.each(['Success', 'Info', 'Warning', 'Error'] as const)('a %s status tag', (status) => {
    expect(contrast(token[`color${status}`], token[`color${status}Bg`])).toBeGreaterThanOrEqual(4.5);
  });
});

// Toasts go to the page's one queue, shown by the page's root (LazyToasts, as HostRoot renders it).
describe('useToasts', () => {
  afterEach(() => jest.useRealTimers());

  it.each<ToastKind>(['success', 'error', 'info', 'warning'])('shows a %s toast with the message', async (kind) => {
    const user = userEvent.setup();
    render(
      <ThemeProvider>
        <LazyToasts />
        <Notify kind={kind} message={`Saved as ${kind}`} />
      </ThemeProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Notify' }));
    expect(await screen.findByText(`Saved as ${kind}`)).toBeInTheDocument();
  });

  it('closes the toast after 3 seconds, top right', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    render(
      <ThemeProvider>
        <LazyToasts />
        <Notify kind="success" message="Password changed" />
      </ThemeProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Notify' }));
    const toast = await screen.findByText('Password changed');
    expect(toast.closest('.ant-notification-topRight')).not.toBeNull();
    await act(() => jest.advanceTimersByTimeAsync(2500));
    expect(screen.getByText('Password changed')).toBeInTheDocument();
    await act(() => jest.advanceTimersByTimeAsync(2000));
    expect(screen.queryByText('Password changed')).not.toBeInTheDocument();
  });
});
