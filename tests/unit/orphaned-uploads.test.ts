import { mkdirSync, mkdtempSync, existsSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { removeOrphanedUploads } from '#server/documents/incoming-sweep';
import { incomingDir } from '#server/documents/storage';

// Decision 011: an upload part left behind by a process killed mid-upload is removed later.

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'showroom-orphans-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('orphaned upload parts', () => {
  it('removes parts older than an hour and leaves an upload under way alone', async () => {
    const folder = incomingDir(dataDir);
    mkdirSync(folder, { recursive: true });
    const old = path.join(folder, 'upload-old');
    const fresh = path.join(folder, 'upload-fresh');
    writeFileSync(old, 'partial');
    writeFileSync(fresh, 'partial');
    const now = new Date();
    const twoHoursAgo = new Date(now.getTime() - 2 * 60 * 60 * 1000);
    utimesSync(old, twoHoursAgo, twoHoursAgo);
    expect(await removeOrphanedUploads(dataDir, now)).toBe(1);
    expect(existsSync(old)).toBe(false);
    expect(existsSync(fresh)).toBe(true);
  });

  it('does nothing when there is no upload folder yet', async () => {
    expect(await removeOrphanedUploads(path.join(dataDir, 'none'), new Date())).toBe(0);
  });
});
