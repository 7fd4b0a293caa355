// Shopper-facing messages from the seed's catalogues (seed 000 §8, seed 002 §8), in one place.

export const MESSAGES = {
  signInIncorrect: 'Your email and/or password are incorrect. Please try again.',
  accountLocked: "For your protection, we've locked your account. Try again later or reset password.",
  internalError: 'Oops! Something happened on our end. Please try again. Questions? Call {phone}',
  general: 'An error occurred. Please try again.',
  submitFailure: "Oops! Something went wrong. We're here to help. Please call {phone}.",
} as const;
