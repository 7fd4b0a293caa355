import type { Tenant } from '../../app/lib/shared/tenant/schema';
import { formatPhone } from '../../app/lib/shared/tenant/text';
import { deliver, type OutgoingMessage, type Senders } from '../notifications/senders';
import type { CodePurpose } from './codes';

// The texts of the codes the identity backend sends, in the tenant's name. The code itself
// goes only into the message: never into a log line or an API answer.

const MINUTES = 10;

type Wording = { subject: string; email: (code: string) => string; sms: (code: string) => string };

function wording(tenant: Tenant, purpose: CodePurpose): Wording {
  const brand = tenant.brandName;
  const help = `Questions? Call ${formatPhone(tenant.dealerPhone.number)}.`;
  switch (purpose) {
    case 'confirm-email':
    case 'confirm-sms':
      return {
        subject: `${brand}: confirm your account`,
        email: (code) =>
          `Welcome to ${brand}!\n\nYour confirmation code is ${code}. It expires in ${MINUTES} minutes.\n\nIf you didn't sign up, you can ignore this email.\n${help}`,
        sms: (code) => `${brand}: your confirmation code is ${code}. It expires in ${MINUTES} minutes.`,
      };
    case 'passcode':
      return {
        subject: `${brand}: your one-time passcode`,
        email: (code) =>
          `Your ${brand} one-time passcode is ${code}. It expires in ${MINUTES} minutes.\n\nIf you didn't try to sign in, you can ignore this email.\n${help}`,
        sms: (code) => `${brand}: your one-time passcode is ${code}. It expires in ${MINUTES} minutes.`,
      };
    case 'reset':
      return {
        subject: `${brand}: reset your password`,
        email: (code) =>
          `Your ${brand} password reset code is ${code}. It expires in ${MINUTES} minutes.\n\nIf you didn't ask to reset your password, you can ignore this email: your password has not changed.\n${help}`,
        sms: (code) => `${brand}: your password reset code is ${code}. It expires in ${MINUTES} minutes.`,
      };
    case 'email-change':
      return {
        subject: `${brand}: confirm your new email`,
        email: (code) =>
          `Your ${brand} code to confirm this email address is ${code}. It expires in ${MINUTES} minutes.\n\nIf you didn't ask to change your email, you can ignore this email.\n${help}`,
        sms: (code) => `${brand}: your code to confirm your new email is ${code}. It expires in ${MINUTES} minutes.`,
      };
    case 'privacy':
      return {
        subject: `${brand}: confirm your privacy request`,
        email: (code) =>
          `Your ${brand} code to confirm a privacy request about this email address is ${code}. It expires in ${MINUTES} minutes.\n\nIf you didn't make or authorise this request, you can ignore this email: nothing will change.\n${help}`,
        sms: (code) => `${brand}: your privacy request code is ${code}. It expires in ${MINUTES} minutes.`,
      };
  }
}

/** Sends a code by e-mail or SMS through the tenant's senders; a failure is logged, not thrown. */
export async function sendCode(
  senders: Senders,
  tenant: Tenant,
  input: { purpose: CodePurpose; channel: 'email' | 'sms'; to: string; code: string },
): Promise<boolean> {
  const words = wording(tenant, input.purpose);
  const message: OutgoingMessage =
    input.channel === 'email'
      ? { tenantId: tenant.id, channel: 'email', to: input.to, subject: words.subject, body: words.email(input.code) }
      : { tenantId: tenant.id, channel: 'sms', to: input.to, body: words.sms(input.code) };
  return deliver(senders, message);
}
