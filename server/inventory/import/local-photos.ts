// Photos a feed names by file path instead of URL (issue 16 point 2), for the command line only:
// `npm run inventory:import -- --tenant <id> [--photos <dir>] feed.csv` where a photo cell
// holds `photos/1HGCV1F3XPA000001-1.jpg|...`. Each path is resolved inside one folder (the
// `--photos` folder, else the feed file's own), read within the pipeline's size limit, checked
// by content, resized and stored through the storage interface (pipeline.ts), all during the
// import: the feed row then carries `local:<content key>` in place of the path, and photo_jobs
// records that key as done, so the card and the gallery find it like a fetched photo. The same
// file twice is the same key (the same feed again changes nothing); a new file content is a new
// key, so the vehicle is updated. An HTTP feed never reads files: only the CLI passes this.
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { PhotoRejected, readPhotoSource, storePhoto, type PhotoStorage } from '../photos/pipeline';
import { LOCAL_PHOTO_REFERENCE } from './local-photo-reference';

export type LocalPhotoOptions = {
  /** Paths are resolved in this folder and may not leave it. */
  dir: string;
  storage: PhotoStorage;
};

const REMOTE = /^https?:\/\//i;

/** What a reason from the pipeline reads as in the report. */
const REASONS: Record<PhotoRejected['reason'], string> = {
  tooLarge: 'is larger than 15 MB',
  unsupportedType: 'is not a JPEG, PNG, WebP or AVIF image',
  unreadable: 'could not be read as an image',
  fetchFailed: 'could not be read',
  blocked: 'could not be read',
};

export class LocalPhotoProblem extends Error {}

/** Splits a photo cell as the feed row does (`|`-separated text or a JSON array). */
function references(cell: unknown): string[] | null {
  if (Array.isArray(cell)) return cell.map((item) => (typeof item === 'string' ? item.trim() : String(item)));
  if (typeof cell !== 'string') return null;
  return cell
    .split('|')
    .map((part) => part.trim())
    .filter(Boolean);
}

/**
 * Stores the local photos a record names and answers the cell with each path replaced by its
 * `local:` reference (URLs untouched); the cell as it was when it names no file. A path outside
 * the folder, a missing file or a file the pipeline refuses is a LocalPhotoProblem.
 */
export function localPhotoResolver(db: Db, tenantId: string, options: LocalPhotoOptions) {
  const root = path.resolve(options.dir);
  // One file named by many rows is read and stored once per import.
  const done = new Map<string, Promise<string>>();

  async function store(reference: string): Promise<string> {
    const file = path.resolve(root, reference);
    if (path.isAbsolute(reference) || !file.startsWith(root + path.sep))
      throw new LocalPhotoProblem(`${reference} is not a file inside ${root}`);
    let stored;
    try {
      stored = await storePhoto(options.storage, await readPhotoSource(file));
    } catch (error) {
      if (error instanceof PhotoRejected) throw new LocalPhotoProblem(`${reference} ${REASONS[error.reason]}`);
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'EISDIR' || code === 'EACCES')
        throw new LocalPhotoProblem(`${reference} is not a readable file in ${root}`);
      throw error;
    }
    const key = `local:${stored.key}`;
    await db.execute(sql`insert into photo_jobs (tenant_id, source_url, status, photo)
      values (${tenantId}, ${key}, 'done', ${JSON.stringify(stored)}::jsonb)
      on conflict (tenant_id, source_url) do update set status = 'done', photo = excluded.photo,
        error = null, updated_at = now()`);
    return key;
  }

  return async function resolve(cell: unknown): Promise<unknown> {
    const list = references(cell);
    if (!list || list.every((reference) => REMOTE.test(reference))) return cell;
    const resolved: string[] = [];
    for (const reference of list) {
      if (REMOTE.test(reference) || LOCAL_PHOTO_REFERENCE.test(reference)) {
        resolved.push(reference);
        continue;
      }
      let pending = done.get(reference);
      if (!pending) {
        pending = store(reference);
        done.set(reference, pending);
      }
      resolved.push(await pending);
    }
    return resolved;
  };
}
