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

// antd screens render slowly on a busy 2-core CI machine; the 1 s default made lookups flaky there.
configure({ asyncUtilTimeout: 5000 });

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

// antd's modals measure the scrollbar through a pseudo-element, which jsdom cannot do and logs as an error.
const computedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => computedStyle(element);
