import { island } from '~/components/ui/island';

// The insurance step's parts that need JavaScript, out of the page's first download (decision 057):
// - the policy pull's progress and polling load only on a page that shows a pull under way;
// - the consent form hydrates on the shopper's first interaction with it (decision 049): until
//   then it is the server's form, and a consent given meanwhile posts as without JavaScript.

export const PolicyPullIsland = island(() => import('./policy-pull').then((module) => module.PolicyPull), {
  start: 'render',
});

/** The consent form's id (the page gives it to the form): its chunk starts on the first interaction inside it. */
export const CONSENT_FORM_ID = 'insurance-consent';

export const ConsentFormIsland = island(
  () => {
    // A consent leads to the pull's progress: its code comes with the form's.
    PolicyPullIsland.preload().catch(() => {});
    return import('./insurance-consent-form').then((module) => module.ConsentForm);
  },
  { hydrateOn: `#${CONSENT_FORM_ID}` },
);
