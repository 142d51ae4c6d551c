import * as sharedApi from './index';
import * as runtime from './runtime/index';

describe('the main entry and the singleton entry', () => {
  // The one-per-page services are the runtime's alone: a copy of one in the main entry (which a
  // remote may bring its own copy of) would be a second session or HTTP client on the page.
  it('leaves every name of @backoffice/shared-api/runtime to the runtime', () => {
    expect(Object.keys(runtime).filter((name) => name in sharedApi)).toEqual([]);
  });
});
