export const TEST_SEED_SCALE = 0.01;
export const TEST_ADMIN = { adminEmail: 'admin@test.local', adminPassword: 'Test-Admin-Password-1' };

/** PostgreSQL is tested too when a server is named (CI sets it); the embedded database always. */
export const POSTGRES_URL = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || '';
