import { ROOT_KEY, TOKEN_KEY, clearToken, readRoot, readToken, writeRoot, writeToken } from './storage';

describe('storage', () => {
  beforeEach(() => localStorage.clear());

  it('keeps the token under _itoken', () => {
    expect(TOKEN_KEY).toBe('_itoken');
    expect(readToken()).toBeNull();
    writeToken('abc');
    expect(localStorage.getItem('_itoken')).toBe('abc');
    expect(readToken()).toBe('abc');
    clearToken();
    expect(readToken()).toBeNull();
  });

  it('round-trips the root object under root', () => {
    expect(ROOT_KEY).toBe('root');
    writeRoot({ auth: { user: null } });
    expect(JSON.parse(localStorage.getItem('root')!)).toEqual({ auth: { user: null } });
    expect(readRoot()).toEqual({ auth: { user: null } });
  });

  it.each(['{not json', '[1,2]', 'null', '"text"', '42'])('reads corrupt or non-object root %p as empty', (raw) => {
    localStorage.setItem('root', raw);
    expect(readRoot()).toEqual({});
  });

  it('never throws when storage itself fails', () => {
    const spy = jest.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('denied');
    });
    const setSpy = jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('quota');
    });
    try {
      expect(readRoot()).toEqual({});
      expect(readToken()).toBeNull();
      expect(() => writeToken('x')).not.toThrow();
      expect(() => writeRoot({})).not.toThrow();
    } finally {
      spy.mockRestore();
      setSpy.mockRestore();
    }
  });
});
