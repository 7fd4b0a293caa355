// The pre-qualification's paths and refresh button, on their own: the shell's reminder needs
// only these on every page, the vehicle page's "Get pre-qualified" link only the path (issue 17,
// decision 062); app/lib/prequal.ts has the rest of its texts.

export const PREQUAL_PATH = '/financing/pre-qualify';
export const PREQUAL_REFRESH_PATH = '/financing/pre-qualify/refresh';
export const PREQUAL_REFRESH_BUTTON = 'Refresh pre-qualification';

/** The pre-qualification, coming back to a vehicle's page afterwards. */
export function prequalHrefFor(vin: string): string {
  return `${PREQUAL_PATH}?${new URLSearchParams({ redirectTo: `/vehicles/${encodeURIComponent(vin)}` })}`;
}
