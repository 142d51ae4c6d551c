import type { Page } from 'playwright-core';
export function whenSocketAuthenticated(page: Page, timeoutMs?: number): Promise<boolean>;
