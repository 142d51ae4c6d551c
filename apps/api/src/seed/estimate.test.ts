import { loadConfig } from '../config';
import { embeddedSeedRefusal, largestEmbeddedScale, seedSeconds } from './estimate';

describe('the seed time estimate', () => {
  it('lets the embedded database seed what it loads in about five minutes, and no more', () => {
    const largest = largestEmbeddedScale();
    expect(largest).toBeGreaterThanOrEqual(40); // bench:api's second scale
    expect(seedSeconds(largest, 'embedded')).toBeLessThanOrEqual(300);
    expect(embeddedSeedRefusal(largest)).toBeUndefined();
    expect(embeddedSeedRefusal(largest + 1)).toBeDefined();
  });

  it('refuses at start a scale the embedded database cannot load, naming the time and DATABASE_URL', () => {
    expect(() => loadConfig({ SEED_SCALE: '500' })).toThrow(
      /SEED_SCALE=500 would take about \d+ minutes to seed on the embedded database.*Set DATABASE_URL to a PostgreSQL server/,
    );
    expect(loadConfig({ SEED_SCALE: '500', DATABASE_URL: 'postgres://u@db:5432/bo' }).seed.scale).toBe(500);
    expect(loadConfig({ SEED_SCALE: '500', SEED: 'false' }).seed.enabled).toBe(false);
    expect(loadConfig({ SEED_SCALE: '1' }).seed.scale).toBe(1);
  });
});
