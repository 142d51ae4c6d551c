import * as sharedApi from './index';
import * as runtime from './runtime';

describe('the main entry and the singleton entry', () => {
  // The main entry lists the runtime's names one by one (a star re-export of a shared module is not
  // resolved at runtime): a name added to the runtime and not to the list would be missing.
  it('re-exports every name of @backoffice/shared-api/runtime, as the same object', () => {
    const missing = Object.keys(runtime).filter((name) => !(name in sharedApi));
    expect(missing).toEqual([]);
    expect(sharedApi.session).toBe(runtime.session);
    expect(sharedApi.apiRequest).toBe(runtime.apiRequest);
  });
});
