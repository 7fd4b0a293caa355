import { island } from '~/components/ui/island';

// The zip editor (search and vehicle pages) loads its code on the shopper's first interaction
// with its form (decision 061): until then it is the server's form (the input with the zip and
// Update, posting to /zip as without JavaScript; app/components/search/zip-editor.tsx marks it
// `data-zip-editor`). A module of its own, so the vehicle page does not declare the search box.

export const ZipEditorIsland = island(() => import('./zip-editor').then((module) => module.ZipEditor), {
  hydrateOn: '[data-zip-editor]',
});
