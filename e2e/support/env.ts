// Where the e2e suite's server listens; shared by playwright.config.ts and the tests.

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);
export const E2E_BASE_URL = `http://localhost:${E2E_PORT}`;
/** A fresh database folder for every run, deleted before the server starts. */
export const E2E_DATA_DIR = '.cache/e2e-data';
