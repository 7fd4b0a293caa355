import { island } from '~/components/ui/island';

// The lead forms hydrate from their own chunk (decisions 044 and 047): the server renders them
// whole, and until the chunk arrives they post as they do without JavaScript. conform's hooks,
// the fields and the input masks are not in the JavaScript of the vehicle and contact pages:
// they load when the shopper reaches for the form (a pointer over it, a press, a focus), and on
// the vehicle page also when it comes near the screen. A value typed before they arrive stays
// in its field (the fields keep what the DOM holds).

export const LeadFormIsland = island(() => import('./lead-form').then((module) => module.LeadForm), {
  name: 'lead-form',
  start: 'intent',
});

export const AskAboutVehicleIsland = island(
  () => import('./ask-about-vehicle').then((module) => module.AskAboutVehicle),
  { name: 'ask-about-vehicle', start: 'visible' },
);
