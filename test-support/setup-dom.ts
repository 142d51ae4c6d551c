import '@testing-library/jest-dom';
import { TextDecoder, TextEncoder } from 'node:util';
import { configure } from '@testing-library/react';
import { MessageChannel as NodeMessageChannel } from 'node:worker_threads';

// react-router 7 needs these; jsdom does not provide them.
Object.assign(globalThis, { TextEncoder, TextDecoder });
// antd's form and Select schedule through MessageChannel, which jsdom lacks. A Node port refs itself
// again when a listener is added, so unref alone is not enough: every port is closed after the
// file's last test, or one left open keeps jest alive.
const openPorts: Array<{ close: () => void }> = [];
class MessageChannel {
  constructor() {
    const channel = new NodeMessageChannel();
    channel.port1.unref();
    channel.port2.unref();
    openPorts.push(channel.port1, channel.port2);
    return channel;
  }
}
if (!globalThis.MessageChannel) Object.assign(globalThis, { MessageChannel });
afterAll(() => openPorts.splice(0).forEach((port) => port.close()));

// antd's Tabs, Segmented, Select and TextArea measure themselves with ResizeObserver, which jsdom lacks.
if (!('ResizeObserver' in globalThis)) {
  Object.assign(globalThis, {
    ResizeObserver: class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  });
}

// antd screens render slowly on a busy 2-core CI machine; the 1 s default made lookups flaky there,
// and 5 s was not enough for a screen whose code a file imports for the first time (its modules are
// compiled then) while the browser suite runs beside: a lookup that finds its element returns at
// once, so only a failing one waits the whole time.
configure({ asyncUtilTimeout: 15_000 });

// antd's responsive helpers ask for media queries, which jsdom lacks.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

/**
 * The CSS properties whose computed values tests can observe: what hides an element from role
 * queries and toBeVisible, what user-event's pointer-events check reads, and what the screens' tests
 * assert with toHaveStyle. A test that asserts another property set by antd's style sheets adds it here.
 */
const OBSERVED_PROPERTIES = new Set([
  'display',
  'visibility',
  'opacity',
  'pointer-events',
  'content',
  'position',
  'overflow',
  'text-overflow',
  'white-space',
]);

type Rule = { style?: CSSStyleDeclaration; cssRules?: Rule[] };

const declaresObserved = (style: CSSStyleDeclaration) => {
  for (let i = 0; i < style.length; i++) if (OBSERVED_PROPERTIES.has(style[i])) return true;
  return false;
};

/**
 * jsdom computes a style by matching every rule of every style sheet against the element, and
 * antd injects well over a thousand rules: role queries spent 80% of the screens' test time there
 * (a 26-test file took 58 s, 11 s without them). Only rules that declare an observed property are
 * kept. A property's cascade involves only the rules that declare it, so the computed values of
 * those properties are exactly what they were with every rule.
 */
function keepObservedRules(rules: Rule[]) {
  for (let i = rules.length - 1; i >= 0; i--) {
    const rule = rules[i];
    if (rule.style) {
      if (!declaresObserved(rule.style)) rules.splice(i, 1);
    } else if (rule.cssRules) {
      keepObservedRules(rule.cssRules); // @media and other grouping rules
    }
  }
}

/**
 * antd's styles, as the page has them (ui-kit's ThemeProvider runs antd without CSS-in-JS: the
 * page links the stylesheet webpack/antd-styles.js makes), so that what antd hides stays hidden in
 * the tests too: a closed dropdown, an inactive tab's panel, a collapsed menu's labels. Only the
 * rules that declare an observed property, as below.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the build's own CommonJS helper
const { antdRulesDeclaring } = require('../webpack/antd-styles') as {
  antdRulesDeclaring: (properties: Set<string>) => string;
};
const antdStyles = document.createElement('style');
antdStyles.setAttribute('data-antd-styles', '');
antdStyles.textContent = antdRulesDeclaring(OBSERVED_PROPERTIES);
document.head.prepend(antdStyles);

const trimmedSheets = new WeakSet<CSSStyleSheet>();
const computedStyle = window.getComputedStyle.bind(window);
// antd's modals measure the scrollbar through a pseudo-element, which jsdom cannot do and logs as
// an error: the element's own style is given instead, as before.
window.getComputedStyle = (element: Element) => {
  // A style element whose text changes gets a new sheet object, trimmed on its first use here.
  for (const sheet of Array.from(document.styleSheets)) {
    if (trimmedSheets.has(sheet)) continue;
    trimmedSheets.add(sheet);
    keepObservedRules(sheet.cssRules as unknown as Rule[]);
  }
  return computedStyle(element);
};
