import { readdirSync, readFileSync } from 'node:fs';

// CPU time of the server process, thread by thread, from /proc (Linux): the stable figure on a
// shared machine, where latency moves with whatever else runs (issue 30 point 5). Each thread
// of ours names its OS thread id in a start-up log line ("thread started", server/http/thread-id.ts);
// the rest are Node's own (V8's compiler and GC helpers, libuv's pool).

/** The roles a bench table shows, in order. */
export const THREAD_ROLES = ['main', 'render', 'pglite', 'other'] as const;
export type ThreadRole = (typeof THREAD_ROLES)[number];

const TICK_MS = 10; // USER_HZ is 100 on Linux

/** CPU milliseconds (user + system) per thread id of the process; empty where /proc is missing. */
export function threadCpu(pid: number): Map<number, number> {
  const cpu = new Map<number, number>();
  let tids: string[];
  try {
    tids = readdirSync(`/proc/${pid}/task`);
  } catch {
    return cpu;
  }
  for (const tid of tids) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      // Fields after the command name (which may hold spaces): utime is the 14th field, stime the 15th.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      cpu.set(Number(tid), (Number(fields[11]) + Number(fields[12])) * TICK_MS);
    } catch {
      // the thread ended meanwhile
    }
  }
  return cpu;
}

/** Thread id → role, from the server's log lines `{"message":"thread started","thread":…,"tid":…}`. */
export function threadRoles(logFile: string, pid: number): Map<number, ThreadRole> {
  const roles = new Map<number, ThreadRole>([[pid, 'main']]);
  for (const line of readFileSync(logFile, 'utf8').split('\n')) {
    if (!line.includes('"thread started"')) continue;
    try {
      const entry = JSON.parse(line) as { thread?: string; tid?: number };
      if (typeof entry.tid !== 'number' || typeof entry.thread !== 'string') continue;
      const role = entry.thread.startsWith('render') ? 'render' : entry.thread === 'pglite' ? 'pglite' : 'main';
      roles.set(entry.tid, role);
    } catch {
      // not a log line of ours
    }
  }
  return roles;
}

/** CPU milliseconds spent between two readings, by role. */
export function cpuBetween(
  before: Map<number, number>,
  after: Map<number, number>,
  roles: Map<number, ThreadRole>,
): Record<ThreadRole, number> {
  const spent: Record<ThreadRole, number> = { main: 0, render: 0, pglite: 0, other: 0 };
  for (const [tid, ms] of after) spent[roles.get(tid) ?? 'other'] += ms - (before.get(tid) ?? 0);
  return spent;
}
