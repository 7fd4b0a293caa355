// npm run inventory:import -- --tenant <id> [--partial] [--format csv|json] [--photos <dir>] <file or URL>
// Imports a tenant's inventory feed into DATABASE_URL or the PGlite database in DATA_DIR and
// prints the report: counts, then one line per problem (row, column, reason).
import path from 'node:path';
import { parseArgs } from 'node:util';
import { EnvError, parseEnv } from '../../../app/lib/shared/env.server';
import { getTenants, TenantConfigError } from '../../../app/lib/shared/tenant/tenants.server';
import { openDatabase } from '../../db/client';
import { DatabaseInUseError } from '../../db/pglite-lock';
import { runPhotoJobs } from '../photos/jobs';
import { photoStorage } from '../photos/pipeline';
import { storageFromEnv } from '../../storage/s3';
import { importFeed, type ImportReport } from './import-feed';
import { detectFormat, FeedFormatError } from './parse';
import { readFeedSource } from './read-source';

const USAGE = `Usage: npm run inventory:import -- --tenant <id> [--partial] [--format csv|json] [--photos <dir>] <file or URL>

  --tenant id    the tenant whose inventory this is
  --partial      only add and update vehicles (default: a full feed; vehicles it does not list become Deleted)
  --format f     csv or json (default: from the file name, the content type or the first character)
  --json         print the report as JSON
  --photos dir   the folder photo file paths in the feed are read from (default: the feed
                 file's folder; a feed from a URL takes file paths only with --photos)
  --fetch-photos also fetch and resize the queued photo URLs now, in this process (default:
                 the running server's worker does it after the import)

CSV columns: vin, stock_number, year, make, model, trim, body, colors, mileage, type, msrp, price,
incentives, options, photo_urls (URLs or file paths, separated by |), dealer_zip, status; optional drivetrain, engine,
transmission, fuel_type, seats, mpg_city, mpg_highway. See docs/inventory-feeds.md.`;

class UsageError extends Error {}

export function formatReport(report: ImportReport, seconds: number): string {
  const lines = [
    `${report.tenantId}: ${report.rows} rows (${report.format}, ${report.mode} feed) in ${seconds.toFixed(1)} s: ` +
      `${report.inserted} added, ${report.updated} updated, ${report.unchanged} unchanged, ${report.removed} removed, ${report.rejected} rejected.`,
  ];
  if (report.unknownColumns.length > 0) lines.push(`Ignored columns: ${report.unknownColumns.join(', ')}`);
  for (const problem of report.problems)
    lines.push(`row ${problem.row}, column ${problem.column || '(row)'}: ${problem.reason}`);
  if (report.problemCount > report.problems.length)
    lines.push(`… and ${report.problemCount - report.problems.length} more problems`);
  for (const warning of report.warnings)
    lines.push(`row ${warning.row}, column ${warning.column}: taken, but ${warning.reason}`);
  for (const photo of report.photoProblems) lines.push(`row ${photo.row}, photo ${photo.url}: ${photo.reason}`);
  if (report.photoProblemCount > report.photoProblems.length)
    lines.push(`… and ${report.photoProblemCount - report.photoProblems.length} more photo problems`);
  return lines.join('\n');
}

async function main(): Promise<void> {
  let parsed;
  try {
    parsed = parseArgs({
      options: {
        tenant: { type: 'string' },
        partial: { type: 'boolean', default: false },
        format: { type: 'string' },
        json: { type: 'boolean', default: false },
        photos: { type: 'string' },
        'fetch-photos': { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (parsed.values.help) {
    console.log(USAGE);
    return;
  }
  const source = parsed.positionals[0];
  if (!parsed.values.tenant || !source || parsed.positionals.length > 1)
    throw new UsageError('--tenant and one file or URL are required');
  if (parsed.values.format && !['csv', 'json'].includes(parsed.values.format))
    throw new UsageError('--format is csv or json');
  const env = parseEnv();
  const tenant = getTenants().byId.get(parsed.values.tenant);
  if (!tenant) throw new UsageError(`unknown tenant ${parsed.values.tenant}`);

  // Opened first: with PGlite, a running server holds the database and this refuses (pglite-lock.ts).
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: path.resolve(env.DATA_DIR) });
  try {
    const { text, formatHint } = await readFeedSource(source);
    const format = detectFormat(text, parsed.values.format ?? formatHint);
    const remote = /^https?:\/\//i.test(source);
    // Photo paths are read from --photos, else beside the feed file; a feed from a URL names none.
    const photoDir = parsed.values.photos ?? (remote ? null : path.dirname(path.resolve(source)));
    const storage = photoStorage(storageFromEnv(path.resolve(env.DATA_DIR)));
    await database.migrate();
    const startedAt = performance.now();
    const report = await importFeed(database.db, tenant, text, {
      format,
      mode: parsed.values.partial ? 'partial' : 'full',
      localPhotos: photoDir ? { dir: photoDir, storage } : undefined,
    });
    const seconds = (performance.now() - startedAt) / 1000;
    console.log(parsed.values.json ? JSON.stringify(report, null, 2) : formatReport(report, seconds));
    if (parsed.values['fetch-photos']) {
      let total = { stored: 0, refused: 0 };
      for (;;) {
        const round = await runPhotoJobs(database.db, storage);
        total = { stored: total.stored + round.stored, refused: total.refused + round.refused };
        if (round.stored + round.refused === 0) break;
      }
      console.log(`Photos: ${total.stored} stored, ${total.refused} refused.`);
    }
    if (report.rejected > 0) process.exitCode = 2;
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof UsageError) console.error(`${error.message}\n\n${USAGE}`);
  else if (error instanceof DatabaseInUseError)
    console.error(
      `${error.message}\nNothing was imported. While the server runs, send the feed to it instead:\n` +
        `  curl -X POST http://127.0.0.1:$PORT/api/inventory/feeds -H 'x-tenant-id: <tenant>' \\\n` +
        `    -H "authorization: Bearer $INVENTORY_API_KEY_<TENANT>" -H 'content-type: text/csv' --data-binary @<file>\n` +
        'or stop it and run this command again (docs/inventory-feeds.md).',
    );
  else if (error instanceof EnvError || error instanceof TenantConfigError || error instanceof FeedFormatError)
    console.error(error.message);
  else console.error(error);
  process.exitCode = 1;
});
