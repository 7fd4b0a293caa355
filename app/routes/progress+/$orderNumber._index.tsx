// /progress/$orderNumber: the layout's loader sends the shopper to the active step, so this
// page never renders.
export default function TrackerIndex() {
  return null;
}
