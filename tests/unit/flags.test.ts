import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  FLAG_REFRESH_MS,
  FLAG_STARTUP_RETRY,
  createFileFlagSource,
  createFlagService,
  createHttpFlagSource,
  getRequestFlags,
  type FlagService,
  type FlagSource,
} from '~/lib/flags/flags.server';
import { parseForcedFlags } from '~/lib/flags/force';
import { KNOWN_FLAGS, type FlagDatafile, type KnownFlagKey } from '~/lib/flags/schema';
import { logger } from '~/lib/shared/logger.server';
import { getTenants } from '~/lib/shared/tenant/tenants.server';
import { server } from '../support/msw';

function datafile(overrides: Record<string, FlagDatafile['flags'][string]> = {}): FlagDatafile {
  return {
    version: 1,
    flags: {
      'consolidate-finance-and-signing': { type: 'boolean', value: false },
      'deal-review-page': { type: 'boolean', value: true },
      'progress-message-banner': {
        type: 'variable',
        value: 'message',
        options: ['none', 'message', 'message-with-timer'],
      },
      'price-guide-badge': { type: 'boolean', value: false },
      ...overrides,
    },
  };
}

function memorySource(initial: unknown): FlagSource & { content: unknown; read: ReturnType<typeof vi.fn> } {
  const source = {
    content: initial,
    describe: (tenantId: string) => `memory:${tenantId}`,
    read: vi.fn(async () => {
      if (source.content instanceof Error) throw source.content;
      return structuredClone(source.content);
    }),
  };
  return source;
}

const page = (query = '') => new Request(`http://localhost/progress/SR-1/payment${query}`);

let service: FlagService | undefined;
afterEach(() => {
  service?.stop();
  service = undefined;
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('flag service', () => {
  it('refreshes every 300000 ms (seed 001 §9)', async () => {
    expect(FLAG_REFRESH_MS).toBe(300_000);
    vi.useFakeTimers();
    const source = memorySource(datafile());
    service = createFlagService({ source });
    expect(await service.ready('default')).toBe(true);
    expect(source.read).toHaveBeenCalledTimes(1);

    source.content = datafile({ 'deal-review-page': { type: 'boolean', value: false } });
    await vi.advanceTimersByTimeAsync(FLAG_REFRESH_MS - 1);
    expect(source.read).toHaveBeenCalledTimes(1);
    expect(service.isEnabled('default', 'deal-review-page')).toBe(true);

    await vi.advanceTimersByTimeAsync(1);
    expect(source.read).toHaveBeenCalledTimes(2);
    expect(service.isEnabled('default', 'deal-review-page')).toBe(false);

    await vi.advanceTimersByTimeAsync(FLAG_REFRESH_MS);
    expect(source.read).toHaveBeenCalledTimes(3);
  });

  it('never keeps the process alive with its timer', async () => {
    const timers: Array<{ delay: number | undefined; timer: ReturnType<typeof setTimeout> }> = [];
    const realSetTimeout = globalThis.setTimeout;
    vi.spyOn(globalThis, 'setTimeout').mockImplementation(((handler: () => void, delay?: number) => {
      const timer = realSetTimeout(handler, delay);
      timers.push({ delay, timer });
      return timer;
    }) as typeof setTimeout);
    service = createFlagService({ source: memorySource(datafile()) });
    await service.ready('default');
    const refresh = timers.find((entry) => entry.delay === FLAG_REFRESH_MS);
    expect(refresh).toBeDefined();
    expect(refresh!.timer.hasRef()).toBe(false);
  });

  it('starts loading at start-up for the tenants it is given', async () => {
    const source = memorySource(datafile());
    service = createFlagService({ source });
    service.start(['default', 'northside']);
    expect(source.read).toHaveBeenCalledWith('default');
    expect(source.read).toHaveBeenCalledWith('northside');
    expect(await service.ready('northside')).toBe(true);
  });

  it('logs an error and answers nothing when a flag is checked before the data is ready', async () => {
    const error = vi.spyOn(logger, 'error');
    const source = memorySource(datafile());
    service = createFlagService({ source });
    expect(service.isEnabled('default', 'deal-review-page')).toBeUndefined();
    expect(service.getVariable('default', 'progress-message-banner')).toBeUndefined();
    expect(error).toHaveBeenCalledWith(
      { tenantId: 'default', flag: 'deal-review-page' },
      'flag checked before the flag data is ready',
    );
    expect(error).toHaveBeenCalledWith(
      { tenantId: 'default', flag: 'progress-message-banner' },
      'flag checked before the flag data is ready',
    );
    // The first use started the load: once it lands, the same question has an answer.
    expect(source.read).toHaveBeenCalledTimes(1);
    await service.ready('default');
    error.mockClear();
    expect(service.isEnabled('default', 'deal-review-page')).toBe(true);
    expect(error).not.toHaveBeenCalled();
  });

  it('keeps the last good data when a refresh brings a bad datafile, and logs it', async () => {
    vi.useFakeTimers();
    const error = vi.spyOn(logger, 'error');
    const source = memorySource(datafile());
    service = createFlagService({ source });
    await service.ready('default');

    source.content = { version: 1, flags: { 'deal-review-page': { type: 'boolean', value: 'yes' } } };
    await vi.advanceTimersByTimeAsync(FLAG_REFRESH_MS);
    expect(source.read).toHaveBeenCalledTimes(2);
    expect(service.isEnabled('default', 'deal-review-page')).toBe(true);
    expect(service.getVariable('default', 'progress-message-banner')).toBe('message');
    expect(error).toHaveBeenCalledWith(
      expect.objectContaining({ tenantId: 'default', source: 'memory:default', keptPreviousData: true }),
      'flag datafile is invalid',
    );

    source.content = new Error('EACCES');
    await vi.advanceTimersByTimeAsync(FLAG_REFRESH_MS);
    expect(service.isEnabled('default', 'deal-review-page')).toBe(true);
    expect(error).toHaveBeenCalledWith(
      expect.objectContaining({ tenantId: 'default', keptPreviousData: true }),
      'flag datafile could not be loaded',
    );

    // The refresh goes on at its usual pace and picks up the next good datafile.
    source.content = datafile({ 'deal-review-page': { type: 'boolean', value: false } });
    await vi.advanceTimersByTimeAsync(FLAG_REFRESH_MS);
    expect(service.isEnabled('default', 'deal-review-page')).toBe(false);
  });

  it('retries a failed first load sooner, 15 s then at most 20 s apart', async () => {
    vi.useFakeTimers();
    const error = vi.spyOn(logger, 'error');
    const source = memorySource(new Error('ENOENT'));
    service = createFlagService({ source });
    expect(await service.ready('default')).toBe(false);
    expect(error).toHaveBeenCalledWith(
      expect.objectContaining({ keptPreviousData: false }),
      'flag datafile could not be loaded',
    );

    await vi.advanceTimersByTimeAsync(FLAG_STARTUP_RETRY.baseMs);
    expect(source.read).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(FLAG_STARTUP_RETRY.maxMs - 1);
    expect(source.read).toHaveBeenCalledTimes(2);
    source.content = datafile();
    await vi.advanceTimersByTimeAsync(1);
    expect(source.read).toHaveBeenCalledTimes(3);
    expect(await service.ready('default')).toBe(true);
  });

  it('reads a variable, and a boolean flag missing from the datafile as off', async () => {
    const content = datafile();
    delete content.flags['price-guide-badge'];
    service = createFlagService({ source: memorySource(content) });
    await service.ready('default');
    expect(service.getVariable('default', 'progress-message-banner')).toBe('message');
    expect(service.isEnabled('default', 'price-guide-badge')).toBe(false);
    expect(service.isEnabled('default', 'no-such-flag')).toBe(false);
  });

  it('warns and answers nothing when a flag is read as the wrong type', async () => {
    const warn = vi.spyOn(logger, 'warn');
    service = createFlagService({ source: memorySource(datafile()) });
    await service.ready('default');
    expect(service.isEnabled('default', 'progress-message-banner')).toBeUndefined();
    expect(service.getVariable('default', 'deal-review-page')).toBeUndefined();
    expect(warn).toHaveBeenCalledTimes(2);
  });
});

describe('forceFlag', () => {
  beforeEach(async () => {
    service = createFlagService({ source: memorySource(datafile()) });
    await service.ready('default');
  });

  it('forces a boolean flag on for that request only', () => {
    expect(
      service!.isEnabled(
        'default',
        'consolidate-finance-and-signing',
        page('?forceFlag=consolidate-finance-and-signing'),
      ),
    ).toBe(true);
    expect(service!.isEnabled('default', 'consolidate-finance-and-signing', page())).toBe(false);
    expect(service!.isEnabled('default', 'consolidate-finance-and-signing')).toBe(false);
  });

  it('repeats for several flags', () => {
    const request = page('?forceFlag=consolidate-finance-and-signing&forceFlag=price-guide-badge');
    expect(service!.isEnabled('default', 'consolidate-finance-and-signing', request)).toBe(true);
    expect(service!.isEnabled('default', 'price-guide-badge', request)).toBe(true);
  });

  it('takes an explicit true or false for a boolean', () => {
    expect(service!.isEnabled('default', 'deal-review-page', page('?forceFlag=deal-review-page:false'))).toBe(false);
    expect(service!.isEnabled('default', 'price-guide-badge', page('?forceFlag=price-guide-badge:true'))).toBe(true);
    expect(service!.isEnabled('default', 'price-guide-badge', page('?forceFlag=price-guide-badge:maybe'))).toBe(false);
  });

  it('sets a variable to one of its options', () => {
    const request = page('?forceFlag=progress-message-banner:message-with-timer');
    expect(service!.getVariable('default', 'progress-message-banner', request)).toBe('message-with-timer');
    expect(service!.getVariable('default', 'progress-message-banner', new URL(request.url))).toBe('message-with-timer');
  });

  it('ignores a value that is not an option, without an error', () => {
    const error = vi.spyOn(logger, 'error');
    const warn = vi.spyOn(logger, 'warn');
    expect(
      service!.getVariable('default', 'progress-message-banner', page('?forceFlag=progress-message-banner:fireworks')),
    ).toBe('message');
    expect(service!.getVariable('default', 'progress-message-banner', page('?forceFlag=progress-message-banner'))).toBe(
      'message',
    );
    expect(error).not.toHaveBeenCalled();
    expect(warn).not.toHaveBeenCalled();
  });

  it('parses keys and values and skips malformed entries', () => {
    const forced = parseForcedFlags('/x?forceFlag=a-b&forceFlag=c:d:e&forceFlag=Bad_Key&forceFlag=f:&forceFlag=');
    expect([...forced]).toEqual([
      ['a-b', true],
      ['c', 'd:e'],
    ]);
  });
});

describe('getRequestFlags', () => {
  it('answers every known flag, forced values included, and nothing else', async () => {
    service = createFlagService({
      source: memorySource(datafile({ 'secret-experiment': { type: 'boolean', value: true } })),
    });
    const flags = await getRequestFlags(
      page('?forceFlag=consolidate-finance-and-signing&forceFlag=progress-message-banner:none'),
      'default',
      service,
    );
    expect(flags).toEqual({
      'consolidate-finance-and-signing': true,
      'deal-review-page': true,
      'progress-message-banner': 'none',
      'price-guide-badge': false,
    });
  });

  it('drops a variable value the storefront does not know', async () => {
    const warn = vi.spyOn(logger, 'warn');
    service = createFlagService({
      source: memorySource(
        datafile({ 'progress-message-banner': { type: 'variable', value: 'confetti', options: ['none', 'confetti'] } }),
      ),
    });
    const flags = await getRequestFlags(page(), { id: 'default' }, service);
    expect(flags['progress-message-banner']).toBeUndefined();
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ flag: 'progress-message-banner', value: 'confetti' }),
      expect.any(String),
    );
  });

  it('logs once and answers undefined for every flag when the data cannot be loaded', async () => {
    const error = vi.spyOn(logger, 'error');
    service = createFlagService({ source: memorySource(new Error('ENOENT')) });
    const flags = await getRequestFlags(page(), 'default', service);
    expect(Object.values(flags)).toEqual([undefined, undefined, undefined, undefined]);
    expect(error).toHaveBeenCalledWith(
      expect.objectContaining({ tenantId: 'default' }),
      'flag checked before the flag data is ready',
    );
  });
});

describe('flag sources', () => {
  it('reads tenants/<id>/flags.json', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'showroom-flags-'));
    mkdirSync(path.join(dir, 'default'));
    writeFileSync(path.join(dir, 'default', 'flags.json'), JSON.stringify(datafile()));
    service = createFlagService({ source: createFileFlagSource((id) => path.join(dir, id)) });
    expect(await service.ready('default')).toBe(true);
    expect(service.getVariable('default', 'progress-message-banner')).toBe('message');
  });

  it('fetches a datafile over HTTP and sends its ETag back', async () => {
    const seen: Array<string | null> = [];
    server.use(
      http.get('http://flags.test/:tenantId.json', ({ request, params }) => {
        seen.push(request.headers.get('if-none-match'));
        expect(params.tenantId).toBe('default');
        if (request.headers.get('if-none-match') === '"v1"') return new HttpResponse(null, { status: 304 });
        return HttpResponse.json(datafile(), { headers: { etag: '"v1"' } });
      }),
    );
    service = createFlagService({ source: createHttpFlagSource((id) => `http://flags.test/${id}.json`) });
    expect(await service.ready('default')).toBe(true);
    expect(await service.refresh('default')).toBe(true);
    expect(seen).toEqual([null, '"v1"']);
    expect(service.isEnabled('default', 'deal-review-page')).toBe(true);
  });

  it('treats an HTTP error as a failed load', async () => {
    const error = vi.spyOn(logger, 'error');
    server.use(http.get('http://flags.test/default.json', () => new HttpResponse(null, { status: 502 })));
    service = createFlagService({ source: createHttpFlagSource((id) => `http://flags.test/${id}.json`) });
    expect(await service.ready('default')).toBe(false);
    expect(error).toHaveBeenCalledWith(
      expect.objectContaining({ source: 'http://flags.test/default.json' }),
      'flag datafile could not be loaded',
    );
  });
});

describe('shipped datafiles', () => {
  it("every tenant's flags.json loads and sets every flag the storefront knows", async () => {
    service = createFlagService();
    for (const tenant of getTenants().all) {
      expect(await service.ready(tenant.id), tenant.id).toBe(true);
      const flags = await getRequestFlags(page(), tenant, service);
      for (const key of Object.keys(KNOWN_FLAGS) as KnownFlagKey[])
        expect(flags[key], `${tenant.id} ${key}`).toBeDefined();
    }
  });
});
