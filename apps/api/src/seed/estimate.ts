/**
 * How long the demo seed takes, by database, for refusing at start what the embedded database cannot
 * load in a few minutes. Measured with `npm run bench:seed` on 2 cores shared with other work
 * (apps/api/README.md has the table): the embedded PGlite seeded scale 5 in 20 s, 20 in 104 s and 40
 * in 209 s, about 5.2 s per unit of scale once past the first few; PostgreSQL 15 (COPY) seeded 40 in
 * 107 s. Depends only on numbers, so config.ts can use it without loading the seed.
 */

/** Seconds per unit of SEED_SCALE, rounded up a little from what was measured. */
const SECONDS_PER_SCALE = { embedded: 5.5, postgres: 2.8 } as const;
/** What does not grow with the scale (reference data, VACUUM, statistics). */
const FIXED_SECONDS = 3;

/** Above this the embedded database refuses a scale: an operator would think the start hangs. */
export const EMBEDDED_SEED_LIMIT_SECONDS = 300;

export function seedSeconds(scale: number, database: 'embedded' | 'postgres'): number {
  return FIXED_SECONDS + SECONDS_PER_SCALE[database] * scale;
}

/** The largest SEED_SCALE the embedded database accepts. */
export function largestEmbeddedScale(): number {
  return Math.floor((EMBEDDED_SEED_LIMIT_SECONDS - FIXED_SECONDS) / SECONDS_PER_SCALE.embedded);
}

function roughly(seconds: number): string {
  if (seconds < 120) return `${Math.round(seconds)} s`;
  if (seconds < 2 * 3600) return `${Math.round(seconds / 60)} minutes`;
  return `${(seconds / 3600).toFixed(1)} hours`;
}

/** Why the embedded database will not seed at `scale`, or undefined when it will. */
export function embeddedSeedRefusal(scale: number): string | undefined {
  const seconds = seedSeconds(scale, 'embedded');
  if (seconds <= EMBEDDED_SEED_LIMIT_SECONDS) return undefined;
  return (
    `SEED_SCALE=${scale} would take about ${roughly(seconds)} to seed on the embedded database, which ` +
    `seeds up to SEED_SCALE=${largestEmbeddedScale()} (${EMBEDDED_SEED_LIMIT_SECONDS / 60} minutes). ` +
    `Set DATABASE_URL to a PostgreSQL server (postgres://user@host:5432/dbname) to seed this scale ` +
    `(about ${roughly(seedSeconds(scale, 'postgres'))} there), or choose a smaller SEED_SCALE.`
  );
}
