/**
 * Every redirect target that came from the shopper goes through here: only paths
 * on this site are allowed, anything else falls back to `fallback`.
 */
export function safeRedirect(target: FormDataEntryValue | string | null | undefined, fallback = '/'): string {
  if (typeof target !== 'string' || !target) return fallback;
  if (!target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return fallback;
  for (const char of target) if (char.charCodeAt(0) < 0x20) return fallback;
  return target;
}
