import { LEAD_INTRO_TEXTS } from './lead-intro';

// The contact-the-dealer texts. Seed 002 §8 "Lead form: Your message was not sent, with retry or call".

export const LEAD_TEXTS = {
  ...LEAD_INTRO_TEXTS,
  paymentHeading: 'Ask about financing this vehicle',
  submit: 'Send message',
  retry: 'Try again',
  notSentTitle: 'Your message was not sent',
  // Under the title "Your message was not sent", before the "Call <phone>" link (the phone once).
  notSent: 'Please try again, or call us.',
  limited: 'You have sent several messages in the last hour. Please try again later, or call us.',
  sent: (firstName: string, brand: string) =>
    `Thanks, ${firstName}! Your message was sent to ${brand}. We will get back to you soon.`,
  phoneConsent: (brand: string) =>
    `I agree that ${brand} may call or text me about my inquiry at the phone number above, including by automated means. Consent is not a condition of purchase.`,
  phoneHint: 'Optional: a mobile number.',
} as const;
