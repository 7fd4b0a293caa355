// React turns its event handling off while it commits a render, and Chromium blurs a focused
// field that the commit removes. conform's check on blur submits the form with a hidden button
// of its own; sent from inside the commit, that submit never reaches React's form handler (which
// would stop it), and the browser posts the page. A form that hydrates on the shopper's first
// interaction (decision 049) can remove the very field the shopper is in: the server's form
// shows every part (the credit application's co-buyer fields, for one), the live form hides those
// not asked for. The post came back with the server's errors and without the SSN and date of
// birth, which are never sent back (decision 056). Such a submit, which nobody handled by the
// time it reaches the window, is dropped: the check it carried was for a field no longer there.
// Loaded with the forms' code (conform's forms are never live before it is here); no form of the
// site renders conform's check button in its own HTML, so a post without JavaScript is not met.

/** conform's name for the hidden button it submits a form with to run its checks (`INTENT` of @conform-to/dom). */
const CHECK_SUBMITTER = '__intent__';

function dropUnhandledCheck(event: SubmitEvent) {
  if (event.defaultPrevented || !(event.submitter instanceof HTMLButtonElement)) return;
  if (event.submitter.name === CHECK_SUBMITTER) event.preventDefault();
}

let guarding = false;

/** Sets the guard once, bubbling to the window: after React's own listener on the document. */
export function guardUnhandledChecks() {
  if (guarding || typeof window === 'undefined') return;
  guarding = true;
  window.addEventListener('submit', dropUnhandledCheck);
}
