import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { lowPriorityModulePreloads } from './script-priority.server';

const PAGE =
  '<!DOCTYPE html><html><head><link rel="stylesheet" href="/assets/app.css"/></head><body><h1>Prix réduit €</h1>' +
  '<link rel="modulepreload" href="/assets/manifest.js"/><link rel="modulepreload" href="/assets/entry.client.js"/>' +
  '<script type="module" async="">import "/assets/entry.client.js";</script></body></html>';

const EXPECTED = PAGE.replaceAll('<link rel="modulepreload"', '<link rel="modulepreload" fetchpriority="low"');

async function through(chunks: Buffer[]): Promise<string> {
  return text(Readable.from(chunks).pipe(lowPriorityModulePreloads()));
}

describe('module preloads at low priority', () => {
  it('marks every preload and leaves the rest of the page as it was', async () => {
    expect(await through([Buffer.from(PAGE)])).toBe(EXPECTED);
  });

  it('marks a preload split across chunks at any byte, multi-byte characters included', async () => {
    const bytes = Buffer.from(PAGE);
    for (let cut = 1; cut < bytes.length; cut += 1) {
      const out = await through([bytes.subarray(0, cut), bytes.subarray(cut)]);
      expect(out, `cut at byte ${cut}`).toBe(EXPECTED);
    }
  });

  it('marks preloads when every byte is a chunk of its own', async () => {
    const bytes = Buffer.from(PAGE);
    expect(await through([...bytes].map((byte) => Buffer.from([byte])))).toBe(EXPECTED);
  });

  it('leaves the stylesheet and the module script untouched', async () => {
    const out = await through([Buffer.from(PAGE)]);
    expect(out).toContain('<link rel="stylesheet" href="/assets/app.css"/>');
    expect(out).toContain('<script type="module" async="">');
    expect(out.match(/fetchpriority="low"/g)).toHaveLength(2);
  });
});
