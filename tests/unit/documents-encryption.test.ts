import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { documentsKey, putDocument, readDocument } from '../../server/documents/storage';
import { localStorage } from '../../server/storage/object-storage';

const dir = mkdtempSync(path.join(os.tmpdir(), 'showroom-docs-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('personal documents at rest', () => {
  it('are stored encrypted with mode 0600 and read back as sent; an object copied over another does not decrypt', async () => {
    const key = documentsKey(dir);
    const storage = localStorage(dir);
    const plain = Buffer.from('DRIVER LICENSE 123-45-6789 Jane Doe');
    await putDocument(storage, key, 'documents/DEAL-1/licence.png', plain);
    const file = path.join(dir, 'documents', 'DEAL-1', 'licence.png');
    const stored = readFileSync(file);
    expect(stored.includes(plain)).toBe(false);
    expect(stored.toString('latin1')).not.toContain('Jane Doe');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect((await readDocument(storage, key, 'documents/DEAL-1/licence.png'))?.equals(plain)).toBe(true);
    await storage.put('documents/DEAL-1/other.png', stored);
    await expect(readDocument(storage, key, 'documents/DEAL-1/other.png')).rejects.toThrow();
    expect(await readDocument(storage, key, 'documents/DEAL-1/missing.png')).toBeNull();
  });
});
