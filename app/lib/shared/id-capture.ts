// Who may verify their ID by capture on the phone (seed 002 §5: "Illinois residents cannot use
// ID capture"). Residence is the state of the buyer's home address on the order; an order
// without one (a cash or dealer order with no application) keeps the capture.

/** States whose residents are not offered ID capture. */
export const NO_ID_CAPTURE_STATES: ReadonlySet<string> = new Set(['IL']);

/** Whether a buyer living in this state (two letters, or unknown) is offered ID capture. */
export function isIdCaptureOffered(residentState: string | null | undefined): boolean {
  return !residentState || !NO_ID_CAPTURE_STATES.has(residentState.trim().toUpperCase());
}
