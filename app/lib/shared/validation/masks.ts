import { APPLICANT_LIMITS as L, FIELD_LIMITS } from './field-limits';

// The input masks, without zod: the UI kit's field shapes what the shopper types with these on
// every page, so they must not bring the form schemas (and zod) into pages without forms.

export function maskZipInput(text: string): string {
  return text.replace(/\D/g, '').slice(0, L.zipDigits);
}

export function maskUsDate(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, 8);
  if (digits.length <= 2) return digits;
  if (digits.length <= 4) return `${digits.slice(0, 2)}/${digits.slice(2)}`;
  return `${digits.slice(0, 2)}/${digits.slice(2, 4)}/${digits.slice(4)}`;
}

export function formatPhoneInput(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, FIELD_LIMITS.phoneDigits);
  if (digits.length === 0) return '';
  if (digits.length < 4) return `(${digits}`;
  if (digits.length < 7) return `(${digits.slice(0, 3)}) ${digits.slice(3)}`;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)} - ${digits.slice(6)}`;
}

export function maskSsnInput(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, L.ssnDigits);
  if (digits.length <= 3) return digits;
  if (digits.length <= 5) return `${digits.slice(0, 3)}-${digits.slice(3)}`;
  return `${digits.slice(0, 3)}-${digits.slice(3, 5)}-${digits.slice(5)}`;
}
