// Two knobs of decision 011 (atomic money, reconciliation).
//
// A payment attempt or an order placement still unfinished after stuckAfterMs() is taken to
// be interrupted (the process died, or its request was lost) and is reconciled with the
// gateway by its idempotency key. Long enough that a live request is never overtaken: the
// sandbox answers in milliseconds and a real processor within its 30 s timeout.
//
// crashPoint() lets the adversarial suite kill the process at a named point of a payment;
// it does nothing unless SHOWROOM_TEST_MODE=1 and SHOWROOM_TEST_CRASH_AT names that point.

const DEFAULT_STUCK_SECONDS = 60;

export function stuckAfterMs(env: NodeJS.ProcessEnv = process.env): number {
  const seconds = Number(env.PAYMENT_RECONCILE_AFTER_SECONDS);
  return (Number.isFinite(seconds) && seconds > 0 ? seconds : DEFAULT_STUCK_SECONDS) * 1000;
}

export type CrashPoint = 'after-claim' | 'after-charge';

export function crashPoint(point: CrashPoint): void {
  if (process.env.SHOWROOM_TEST_MODE === '1' && process.env.SHOWROOM_TEST_CRASH_AT === point) {
    process.kill(process.pid, 'SIGKILL');
    process.abort();
  }
}
