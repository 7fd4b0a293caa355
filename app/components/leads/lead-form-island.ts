import { island } from '~/components/ui/island';

// The lead forms hydrate from their own chunk (decision 044): the server renders them whole, and
// until the chunk arrives they post as they do without JavaScript. conform's hooks, the fields
// and the input masks are not in the first JavaScript of the vehicle and contact pages.

export const LeadFormIsland = island(() => import('./lead-form').then((module) => module.LeadForm));

export const AskAboutVehicleIsland = island(() =>
  import('./ask-about-vehicle').then((module) => module.AskAboutVehicle),
);
