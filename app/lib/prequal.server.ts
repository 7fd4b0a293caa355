import { ApiError, callApi, type ApiContext } from './api.server';
import type { BodyOf } from './contract/endpoint';
import { endpoints } from './contract/endpoints';
import { PREQUAL_ERROR_CODES, prequalFieldErrorsSchema, type PrequalView } from './contract/prequal';
import { PREQUAL_TEXTS } from './prequal';
import { formatDealerDate } from './shared/dealer-time';
import { logger } from './shared/logger.server';

// The storefront's side of the pre-qualification (base /api/prequal, app/lib/contract/prequal.ts).

export { PREQUAL_PATH, PREQUAL_RESULT_PATH } from './prequal';

/**
 * The reminder the shell's toast shows (seed 002 §4: near or past expiry, with a refresh).
 * `message` is the toast's sentence with the date already in the dealer's zone, so the browser
 * needs no date code for it (issue 17).
 */
export type PrequalReminder = { kind: 'expiring' | 'expired'; expiresAt: string; canRefresh: boolean; message: string };

export function prequalReminderMessage(kind: PrequalReminder['kind'], expiresAt: string, timeZone: string): string {
  return kind === 'expired' ? PREQUAL_TEXTS.expired : PREQUAL_TEXTS.expiring(formatDealerDate(expiresAt, timeZone));
}

export async function getPrequal(context: ApiContext): Promise<PrequalView | null> {
  const answer = await callApi(context, endpoints.prequal.get);
  return answer?.data ?? null;
}

/** The toast's reminder, or null; never fails the page (it is a reminder, not the page). */
export async function getPrequalReminder(
  context: ApiContext,
  timeoutMs: number,
  timeZone: string,
): Promise<PrequalReminder | null> {
  try {
    const answer = await callApi(context, endpoints.prequal.get, { timeoutMs });
    const view = answer?.data;
    if (!view?.reminder || !view.expiresAt) return null;
    return {
      kind: view.reminder,
      expiresAt: view.expiresAt,
      canRefresh: view.canRefresh,
      message: prequalReminderMessage(view.reminder, view.expiresAt, timeZone),
    };
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 401))
      logger.warn(
        { status: error instanceof ApiError ? error.status : undefined },
        'prequal reminder left out: the call failed',
      );
    return null;
  }
}

export type PrequalCallOutcome =
  | { ok: true; view: PrequalView }
  | { ok: false; fieldErrors: Record<string, string[]> | null; status: number; code: string | null };

type PrequalSend =
  | ['create', BodyOf<typeof endpoints.prequal.create>]
  | ['update', BodyOf<typeof endpoints.prequal.update>]
  | ['refresh'];

function callPrequal(context: ApiContext, [kind, json]: PrequalSend) {
  if (kind === 'create') return callApi(context, endpoints.prequal.create, { json });
  if (kind === 'update') return callApi(context, endpoints.prequal.update, { json });
  return callApi(context, endpoints.prequal.refresh, { json: {} });
}

/** Creates, updates or refreshes the pre-qualification. The body holds a date of birth and maybe an SSN: never logged. */
export async function sendPrequal(context: ApiContext, ...call: PrequalSend): Promise<PrequalCallOutcome> {
  try {
    const answer = await callPrequal(context, call);
    if (!answer) return { ok: false, fieldErrors: null, status: 499, code: null };
    return { ok: true, view: answer.data };
  } catch (error) {
    if (error instanceof ApiError) {
      if (error.status === 422) {
        const parsed = prequalFieldErrorsSchema.safeParse(error.body);
        if (parsed.success) return { ok: false, fieldErrors: parsed.data.fieldErrors, status: 422, code: error.code };
      }
      if (error.status !== 401 && error.code !== PREQUAL_ERROR_CODES.nothingOnFile)
        logger.warn({ status: error.status, code: error.code }, 'prequal: the call failed');
      return { ok: false, fieldErrors: null, status: error.status, code: error.code };
    }
    logger.warn({ status: null }, 'prequal: the call failed');
    return { ok: false, fieldErrors: null, status: 503, code: null };
  }
}
