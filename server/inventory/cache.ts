// A small in-process cache for values that are expensive to build and may be a little stale
// (the per-tenant inventory snapshot). An entry is fresh for a time-to-live; after that it is
// still answered at once while a new one is built in the background, and the builder is
// handed the old value so it can keep it when nothing changed. At most `maxEntries` are kept
// (least recently used go first); concurrent builds of the same key are shared. Each database
// gets its own entries, so test harnesses that open several in-memory databases in one
// process never see each other's data.
import { logger } from '../../app/lib/shared/logger.server';

type Entry<V> = { value: V; expiresAt: number };

export type Build<V> = (previous: V | undefined) => Promise<V>;

export type TtlCache<V> = {
  /** The cached value; the first call builds it, later calls after the time-to-live rebuild it in the background. */
  get(scope: object, key: string, build: Build<V>): Promise<V>;
  clear(): void;
};

const allCaches = new Set<{ clear(): void }>();

/** Forgets everything every cache holds (tests call this after changing rows directly). */
export function clearInventoryCaches(): void {
  for (const cache of allCaches) cache.clear();
}

export function createTtlCache<V>(options: { name: string; ttlMs: number; maxEntries: number }): TtlCache<V> {
  let scopes = new WeakMap<object, Map<string, Entry<V>>>();
  let pending = new WeakMap<object, Map<string, Promise<V>>>();
  // A build that started before clear() must not store what it read before the clear.
  let generation = 0;

  function entriesOf(scope: object): Map<string, Entry<V>> {
    let entries = scopes.get(scope);
    if (!entries) {
      entries = new Map();
      scopes.set(scope, entries);
    }
    return entries;
  }

  function rebuild(scope: object, key: string, build: Build<V>, previous: V | undefined): Promise<V> {
    let flights = pending.get(scope);
    if (!flights) {
      flights = new Map();
      pending.set(scope, flights);
    }
    const running = flights.get(key);
    if (running) return running;
    const startedIn = generation;
    const inFlight = flights;
    const promise = build(previous)
      .then((value) => {
        if (startedIn !== generation) return value;
        const entries = entriesOf(scope);
        entries.delete(key);
        entries.set(key, { value, expiresAt: Date.now() + options.ttlMs });
        while (entries.size > options.maxEntries) entries.delete(entries.keys().next().value as string);
        return value;
      })
      .finally(() => inFlight.delete(key));
    inFlight.set(key, promise);
    return promise;
  }

  const cache: TtlCache<V> = {
    async get(scope, key, build) {
      const entries = entriesOf(scope);
      const entry = entries.get(key);
      if (!entry) return rebuild(scope, key, build, undefined);
      // Map keeps insertion order: re-inserting marks the entry most recently used.
      entries.delete(key);
      entries.set(key, entry);
      if (entry.expiresAt <= Date.now()) {
        rebuild(scope, key, build, entry.value).catch((error: unknown) => {
          logger.warn(
            { err: error, cache: options.name },
            'rebuilding a cached inventory value failed; serving the old one',
          );
        });
      }
      return entry.value;
    },
    clear() {
      generation += 1;
      scopes = new WeakMap();
      pending = new WeakMap();
    },
  };
  allCaches.add(cache);
  return cache;
}
