// Where the e2e suite's server listens; shared by playwright.config.ts and the tests.

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);
export const E2E_BASE_URL = `http://localhost:${E2E_PORT}`;
/** A fresh database folder for every run, deleted before the server starts. */
export const E2E_DATA_DIR = '.cache/e2e-data';
/** The local dealer photo host (e2e/support/photo-server.ts): the app's port plus 100. */
export const E2E_PHOTO_PORT = E2E_PORT + 100;
/** The default tenant's inventory feed key in the e2e server (INVENTORY_API_KEY_DEFAULT). */
export const E2E_FEED_KEY = 'e2e-feed-key-0123456789abcdef';
/** Each demo tenant's feed key in the e2e server (INVENTORY_API_KEY_<TENANT>). */
export function e2eFeedKey(tenant: string): string {
  return tenant === 'default' ? E2E_FEED_KEY : `${E2E_FEED_KEY}-${tenant}`;
}
/**
 * The second server (e2e/desk-walk.spec.ts): the same demo tenants with `partners: "desk"`
 * (copied by scripts/e2e-desk-tenants.mjs into its own TENANTS_DIR), a database of its own.
 */
export const E2E_DESK_PORT = E2E_PORT + 200;
export const E2E_DESK_BASE_URL = `http://localhost:${E2E_DESK_PORT}`;
export const E2E_DESK_DATA_DIR = '.cache/e2e-desk-data';
export const E2E_DESK_TENANTS_DIR = '.cache/e2e-desk-tenants';
