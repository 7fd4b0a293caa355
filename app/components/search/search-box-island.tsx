import { island } from '~/components/ui/island';

// The search box (landing and search pages) loads its code on the shopper's first interaction with
// it (decision 061, as the forms of decision 049): until then it is the server's form, a GET to
// /search as without JavaScript, and what is typed in it stays and is told to the combobox when it
// has hydrated (app/components/search/search-box.tsx marks its form `data-search-box`).

export const SearchBoxIsland = island(() => import('./search-box').then((module) => module.SearchBox), {
  hydrateOn: '[data-search-box]',
});
