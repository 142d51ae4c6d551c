export const TEST_SEED_SCALE = 0.01;
export const TEST_ADMIN = { adminEmail: 'admin@test.local', adminPassword: 'Test-Admin-Password-1' };
