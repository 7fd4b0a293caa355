import { island } from '~/components/ui/island';

// The tracker's side parts hydrate from their own chunks (decision 047): the server renders
// them whole, and until their chunk arrives their links open the step as without JavaScript.
// - The vehicle and the side list of steps start when the shopper reaches for them (a pointer
//   over them, a focus, a key): they are links and text, nothing to run before (decision 052).
// - The step menu below 960 px (MobileStepMenu) starts when it comes near the screen: from
//   960 px it is hidden, so a laptop never loads it. Until then it is the server's <details>,
//   which opens without JavaScript.

export const TrackerSideIsland = island(() => import('./tracker-side').then((module) => module.TrackerSide), {
  name: 'tracker-side',
  start: 'intent',
});

export const MobileStepMenuIsland = island(() => import('./mobile-step-menu').then((module) => module.MobileStepMenu), {
  name: 'tracker-mobile-steps',
  start: 'visible',
});

// The banner and its timer load only on the steps that show the banner (decision 057): its
// timer counts in the browser from the page's start, so the chunk starts when a page renders it.
export const MessageBannerIsland = island(() => import('./message-banner').then((module) => module.MessageBanner), {
  start: 'render',
});
