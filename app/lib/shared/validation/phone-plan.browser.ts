// The browser's stand-in for ./phone-plan.ts (aliased in vite.config.ts for the client build
// only): the browser checks the shape of a number (ten digits, area code, exchange, N11, toll
// free) and leaves the numbering plan to the server, the validator (issue 32 point 3), whose
// message shows next to the field after the post.

/** Always true in the browser: the server answers whether the area code is in service. */
export function onUsNumberingPlan(_digits: string): boolean {
  return true;
}
