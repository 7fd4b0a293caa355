import { RemixBrowser } from '@remix-run/react';
import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';

// The first history entry gets a key of its own before the router reads it (decision 065), as
// Remix's inline scroll script gave it: under the router's shared default key a same-page link
// (the buy bar's `#purchase`) was restored to the position saved for the page itself.
if (typeof window.history.state?.key !== 'string') {
  window.history.replaceState({ ...window.history.state, key: Math.random().toString(36).slice(2, 10) }, '');
}

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RemixBrowser />
    </StrictMode>,
  );
});
