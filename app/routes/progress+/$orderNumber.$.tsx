// Any other path under /progress/$orderNumber: the layout's loader redirects it to the
// active step (seed 000 §2.2), so this page never renders.
export default function TrackerUnknownPath() {
  return null;
}
