// The lead form's headings and line, and the vehicle page's link that opens its form: all the
// vehicle page needs of the contact-the-dealer texts until the shopper opens the form, on their
// own so the page's JavaScript carries none of the form's other texts (decision 103). The form's
// texts (./leads.ts) include them.

export const LEAD_INTRO_TEXTS = {
  heading: 'Contact the dealer',
  vehicleHeading: 'Ask about this vehicle',
  intro: 'Send us a message and we will get back to you.',
  /** The vehicle page's link that opens its form (decision 103). */
  write: 'Write a message',
} as const;
