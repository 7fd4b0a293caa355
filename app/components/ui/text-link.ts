// A link inside a sentence, on its own so that a page needing only this look does without the
// buttons' module (the vehicle page's "Get pre-qualified", decision 062).
export const textLink = 'font-semibold text-primary underline';
