import { Field, type FieldProps } from './field';

// The kit's date input: a text field masked as MM/DD/YYYY while typing (seed 002 §5), not a
// native date picker, so the format the shopper reads is the one they type on every browser.
// Without JavaScript it is a plain text field and the server parses any typing.

export function DateInput(props: Omit<FieldProps, 'mask' | 'type' | 'rows'>) {
  return <Field {...props} mask="date" />;
}
