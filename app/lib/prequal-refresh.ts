// The pre-qualification's paths and refresh button, on their own: the shell's reminder needs
// only these on every page (issue 17); app/lib/prequal.ts has the rest of its texts.

export const PREQUAL_PATH = '/financing/pre-qualify';
export const PREQUAL_REFRESH_PATH = '/financing/pre-qualify/refresh';
export const PREQUAL_REFRESH_BUTTON = 'Refresh pre-qualification';
