import { parseWithZod } from '@conform-to/zod/v4';
import { data } from '@remix-run/node';
import { randomUUID } from 'node:crypto';
import { ApiError, callApi } from './api.server';
import { endpoints } from './contract/endpoints';
import { LEAD_ERROR_CODES, LEAD_VIN } from './contract/leads';
import { logger } from './shared/logger.server';
import { getApiContext } from './session.server';
import { clientAddress } from './auth.server';
import { HEADER } from './contract/common';
import { getTenantForRequest } from './shared/tenant/tenants.server';
import { leadFieldsSchema } from './shared/validation/lead';
import { LEAD_SOURCES, type LeadSource } from './shared/validation/lead-rules';
import { LEAD_TEXTS } from './leads';
import { isOneOf } from './shared/guards';
import type { SubmissionResult } from '@conform-to/react';

// The action behind every contact-the-dealer form (issue 15 point 1). It lives on /contact-us;
// the vehicle page and the payment tooltip post to it too (with JavaScript through a fetcher,
// so the shopper stays on their page; without it the contact page shows the outcome).

export const HONEYPOT_FIELD = 'website';

export type LeadOutcome = 'sent' | 'failed' | 'limited' | null;

function sourceOf(value: FormDataEntryValue | null): LeadSource {
  return isOneOf(LEAD_SOURCES, value) ? value : 'contactUs';
}

export async function leadAction(request: Request, context: { clientIp?: string }) {
  const form = await request.formData();
  const tenant = getTenantForRequest(request);
  const submission = parseWithZod(form, { schema: leadFieldsSchema });
  const submissionId = /^[A-Za-z0-9_-]{8,64}$/.test(String(form.get('submissionId') ?? ''))
    ? String(form.get('submissionId'))
    : randomUUID();
  const source = sourceOf(form.get('source'));
  const vinValue = String(form.get('vin') ?? '').toUpperCase();
  const vin = LEAD_VIN.test(vinValue) ? vinValue : undefined;
  const base = { submissionId, source, vin: vin ?? null };
  const answerWith = (result: SubmissionResult<string[]>, outcome: LeadOutcome, message: string | null) => ({
    ...base,
    result,
    outcome,
    message,
  });
  if (submission.status !== 'success') return data(answerWith(submission.reply(), null, null), { status: 400 });
  // A bot filled the field people never see: answer as if sent, store and send nothing.
  if (String(form.get(HONEYPOT_FIELD) ?? '') !== '') {
    return answerWith(
      submission.reply({ resetForm: true }),
      'sent',
      LEAD_TEXTS.sent(submission.value.firstName, tenant.brandName),
    );
  }
  const address = clientAddress(request, context);
  try {
    const answer = await callApi(await getApiContext(request), endpoints.messaging.lead, {
      json: { ...submission.value, phone: submission.value.phone || undefined, submissionId, source, vin },
      // Leads are limited per address too (issue 35 point 4): the API counts the shopper's, not ours.
      headers: address ? { [HEADER.shopperAddress]: address } : {},
    });
    if (!answer) return data(answerWith(submission.reply(), null, null), { status: 499 });
    return answerWith(
      submission.reply({ resetForm: true }),
      'sent',
      LEAD_TEXTS.sent(submission.value.firstName, tenant.brandName),
    );
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const limited = error.status === 429 && error.code === LEAD_ERROR_CODES.rateLimited;
    if (!limited) logger.warn({ status: error.status, code: error.code }, 'leads: the message was not sent');
    return data(
      answerWith(submission.reply(), limited ? 'limited' : 'failed', limited ? LEAD_TEXTS.limited : LEAD_TEXTS.notSent),
      { status: limited ? 429 : 503 },
    );
  }
}
