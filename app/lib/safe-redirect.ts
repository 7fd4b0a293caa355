/**
 * Every redirect target that came from the shopper goes through here: only paths
 * on this site are allowed, anything else falls back to `fallback`.
 */
export function safeRedirect(target: FormDataEntryValue | string | null | undefined, fallback = '/'): string {
  if (typeof target !== 'string' || !target) return fallback;
  if (!target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return fallback;
  if (/[\u0000-\u001f]/.test(target)) return fallback;
  return target;
}
