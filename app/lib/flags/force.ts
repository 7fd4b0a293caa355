// `?forceFlag=<key>` turns a boolean flag on for one request and `?forceFlag=<key>:<value>`
// picks a variable's option (commerce-api.md). The parameter repeats for several flags.
// Nothing here checks the value against the flag: the flag service does, with the datafile.

export const FORCE_FLAG_PARAM = 'forceFlag';

const FLAG_KEY = /^[a-z0-9-]+$/;

/** Key to forced value: `true` for a bare key, else the text after the first colon. */
export type ForcedFlags = ReadonlyMap<string, string | true>;

export function parseForcedFlags(url: URL | string): ForcedFlags {
  const params = (typeof url === 'string' ? new URL(url, 'http://localhost') : url).searchParams;
  const forced = new Map<string, string | true>();
  for (const raw of params.getAll(FORCE_FLAG_PARAM)) {
    const colon = raw.indexOf(':');
    const key = (colon === -1 ? raw : raw.slice(0, colon)).trim();
    if (!FLAG_KEY.test(key)) continue;
    const value = colon === -1 ? true : raw.slice(colon + 1).trim();
    if (value === '') continue;
    forced.set(key, value);
  }
  return forced;
}
