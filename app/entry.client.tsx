import { RemixBrowser } from '@remix-run/react';
import { hydrate, type ContainerNode } from 'preact';
import { StrictMode, Suspense, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';

/**
 * The built client renders with Preact (decision 041; vite.config.ts aliases React to
 * preact/compat in the client build only), the dev server with React. Preact cannot hydrate
 * `document` itself: it would render Remix's `<html>` inside the existing one. It hydrates a
 * stand-in parent whose only child is the page's `<html>`; replacing that child (never expected)
 * replaces the document's element.
 */
function documentParent(): ContainerNode {
  const html = document.documentElement;
  const replace = (node: ContainerNode) => {
    if (node instanceof Node) document.replaceChild(node, html);
    return node;
  };
  return {
    nodeType: 1,
    parentNode: null,
    firstChild: html,
    childNodes: [html],
    insertBefore: replace,
    appendChild: replace,
    removeChild: (node) => {
      if (node instanceof Node) document.removeChild(node);
      return node;
    },
  };
}

if (import.meta.env.DEV) {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <RemixBrowser />
      </StrictMode>,
    );
  });
} else {
  // RemixBrowser suspends (throws a promise) until the streamed loader data is decoded: React
  // waits at its root, Preact needs a boundary, which keeps the server's markup meanwhile.
  hydrate(
    <Suspense>
      <RemixBrowser />
    </Suspense>,
    documentParent(),
  );
}
