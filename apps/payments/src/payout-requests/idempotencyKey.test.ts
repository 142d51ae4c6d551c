import { isUuid } from '@backoffice/shared-api';
import { newIdempotencyKey } from './idempotencyKey';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('newIdempotencyKey', () => {
  it('is a UUID v4, which the server takes as an id', () => {
    for (let i = 0; i < 50; i++) {
      const key = newIdempotencyKey();
      expect(key).toMatch(UUID_V4);
      expect(isUuid(key)).toBe(true);
    }
  });

  it('is new each time: two decisions never share a key', () => {
    const keys = new Set(Array.from({ length: 200 }, newIdempotencyKey));
    expect(keys.size).toBe(200);
  });
});
