import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { incomingDir } from './storage';

// Upload parts are written to DATA_DIR/documents/.incoming and moved or removed when the
// request ends (multipart.ts). A process killed mid-upload leaves its part behind; these
// are removed at start-up and with the retention sweep (decision 011). A live upload is
// written in seconds, so anything older than an hour is an orphan.

const ORPHAN_AFTER_MS = 60 * 60 * 1000;

export async function removeOrphanedUploads(
  dataDir: string,
  now: Date,
  olderThanMs = ORPHAN_AFTER_MS,
): Promise<number> {
  const folder = incomingDir(dataDir);
  const names = await readdir(folder).catch(() => [] as string[]);
  let removed = 0;
  for (const name of names) {
    const file = path.join(folder, name);
    const info = await stat(file).catch(() => null);
    if (!info?.isFile() || now.getTime() - info.mtimeMs < olderThanMs) continue;
    await rm(file, { force: true });
    removed += 1;
  }
  return removed;
}
