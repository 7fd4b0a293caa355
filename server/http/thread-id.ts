import { readFileSync } from 'node:fs';
import { logger } from '../../app/lib/shared/logger.server';

// Each thread of ours names its OS thread id once at start-up, so `npm run bench` can read the
// CPU time of the request thread, the render threads and PGlite's thread apart from /proc
// (scripts/bench/threads.ts). Linux only; elsewhere nothing is logged.

/** The calling thread's OS thread id (the first field of /proc/thread-self/stat), or null. */
function osThreadId(): number | null {
  try {
    const tid = Number(readFileSync('/proc/thread-self/stat', 'utf8').split(' ', 1)[0]);
    return Number.isInteger(tid) && tid > 0 ? tid : null;
  } catch {
    return null;
  }
}

export function logThreadStart(thread: string): void {
  const tid = osThreadId();
  if (tid !== null) logger.info({ thread, tid }, 'thread started');
}
