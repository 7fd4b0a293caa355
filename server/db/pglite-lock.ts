// One process at a time on a PGlite folder (issue 29 point 6, decision 069). PGlite keeps the
// database in its process's memory and writes the folder back as it goes: a second process on
// the same folder (the command-line import while `npm start` runs) works on its own copy, says
// "5 added", and the server never sees them and overwrites them. So whoever opens the folder
// leaves a lock file beside it with its process id; another process finding it, while that
// process lives, is refused with a message naming it. A lock left by a process that died is
// taken over.
import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export class DatabaseInUseError extends Error {
  override name = 'DatabaseInUseError';
  constructor(
    readonly dataDir: string,
    readonly holder: { pid: number; command: string },
  ) {
    super(
      `The PGlite database in ${dataDir} is open in another process (pid ${holder.pid}: ${holder.command}). ` +
        'PGlite serves one process at a time.',
    );
  }
}

type Holder = { pid: number; command: string };

/** Locks held by this process, by lock file, with how many opens share each. */
const held = new Map<string, number>();

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it lives, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readHolder(file: string): Holder | null {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<Holder>;
    return typeof parsed.pid === 'number' ? { pid: parsed.pid, command: String(parsed.command ?? '') } : null;
  } catch {
    return null;
  }
}

/** The lock file of a PGlite folder: beside it, so removing the folder leaves no stale lock inside. */
export function lockFileOf(pgliteDir: string): string {
  return `${pgliteDir}.lock`;
}

/**
 * Takes the folder for this process (again, if it holds it already); answers the release.
 * Throws DatabaseInUseError while another living process holds it.
 */
export function lockPgliteDir(pgliteDir: string): () => void {
  const file = lockFileOf(pgliteDir);
  const mine: Holder = {
    pid: process.pid,
    command: process.argv
      .slice(1)
      .map((part) => (path.isAbsolute(part) ? path.relative(process.cwd(), part) || part : part))
      .join(' '),
  };
  for (let attempt = 0; ; attempt += 1) {
    const count = held.get(file);
    if (count !== undefined) {
      held.set(file, count + 1);
      break;
    }
    try {
      writeFileSync(file, JSON.stringify(mine), { flag: 'wx' });
      held.set(file, 1);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = readHolder(file);
    if (holder && holder.pid !== process.pid && isAlive(holder.pid))
      throw new DatabaseInUseError(path.dirname(pgliteDir), holder);
    // Left by a process that is gone (or half written): taken over, once.
    if (attempt > 0) throw new Error(`The lock file ${file} could not be taken`);
    unlinkSync(file);
  }
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const count = (held.get(file) ?? 1) - 1;
    if (count > 0) {
      held.set(file, count);
      return;
    }
    held.delete(file);
    if (readHolder(file)?.pid === process.pid) unlinkSync(file);
  };
}
