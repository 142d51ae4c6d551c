import '@testing-library/jest-dom';
import { TextDecoder, TextEncoder } from 'node:util';
import { MessageChannel } from 'node:worker_threads';

// react-router 7 needs these; jsdom does not provide them.
Object.assign(globalThis, { TextEncoder, TextDecoder });
// antd's form batches its watchers through MessageChannel, which jsdom lacks.
if (!globalThis.MessageChannel) Object.assign(globalThis, { MessageChannel });

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
