// The e2e suite's second server runs the demo tenants as a dealer who moves orders by hand
// would (issue 33: `partners: "desk"`). This copies each tenant folder of tenants/ into the
// folder given (TENANTS_DIR of that server) with that one setting changed, so brand, texts,
// hours and staff are the demo tenants' own. Usage: node scripts/e2e-desk-tenants.mjs <dir>
import { cpSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const target = process.argv[2];
if (!target) throw new Error('usage: node scripts/e2e-desk-tenants.mjs <dir>');
rmSync(target, { recursive: true, force: true });
for (const entry of readdirSync('tenants', { withFileTypes: true })) {
  if (!entry.isDirectory() || entry.name.startsWith('.')) continue;
  const folder = path.join(target, entry.name);
  cpSync(path.join('tenants', entry.name), folder, { recursive: true });
  const file = path.join(folder, 'config.json');
  const config = JSON.parse(readFileSync(file, 'utf8'));
  writeFileSync(file, `${JSON.stringify({ ...config, partners: 'desk' }, null, 2)}\n`);
}
