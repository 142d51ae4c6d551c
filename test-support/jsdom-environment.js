const { TestEnvironment } = require('jest-environment-jsdom');

/**
 * jsdom, plus the fetch API's Request, Response and Headers, which jsdom lacks: react-router's data
 * routers (the hosts' createBrowserRouter, the tests' createMemoryRouter) build a Request for every
 * navigation. They are Node's own, taken here because a test file's sandbox cannot reach them.
 */
class JsdomWithFetchEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    const JsdomAbortSignal = this.global.AbortSignal;
    /** Node's Request accepts only Node's AbortSignal: a jsdom one is followed by one of Node's. */
    class Request extends globalThis.Request {
      constructor(input, init = {}) {
        const { signal } = init;
        if (signal instanceof JsdomAbortSignal) {
          const controller = new globalThis.AbortController();
          if (signal.aborted) controller.abort(signal.reason);
          else signal.addEventListener('abort', () => controller.abort(signal.reason), { once: true });
          super(String(input), { ...init, signal: controller.signal });
        } else {
          super(input instanceof globalThis.Request ? input : String(input), init);
        }
      }
    }
    Object.assign(this.global, { Request, Response: globalThis.Response, Headers: globalThis.Headers });
  }
}

module.exports = JsdomWithFetchEnvironment;
