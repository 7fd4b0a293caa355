import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { documentsKey, encryptFileInPlace, readStoredFile } from '../../server/documents/storage';

const dir = mkdtempSync(path.join(os.tmpdir(), 'showroom-docs-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('personal documents at rest', () => {
  it('are stored encrypted with mode 0600 and read back as sent; a file copied over another does not decrypt', async () => {
    const key = documentsKey(dir);
    const file = path.join(dir, 'licence.png');
    const plain = Buffer.from('DRIVER LICENSE 123-45-6789 Jane Doe');
    writeFileSync(file, plain);
    await encryptFileInPlace(key, file);
    const stored = readFileSync(file);
    expect(stored.includes(plain)).toBe(false);
    expect(stored.toString('latin1')).not.toContain('Jane Doe');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect((await readStoredFile(key, file)).equals(plain)).toBe(true);
    const copy = path.join(dir, 'other.png');
    writeFileSync(copy, stored);
    await expect(readStoredFile(key, copy)).rejects.toThrow();
  });
});
