import { Link, type LinkProps } from '@remix-run/react';
import { forwardRef, type AnchorHTMLAttributes } from 'react';

const EXTERNAL = /^https?:\/\//i;

/** Links starting with http:// or https:// leave the storefront; everything else is an in-app route. */
export function isExternalUrl(href: string): boolean {
  return EXTERNAL.test(href);
}

export type AppLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> &
  Pick<LinkProps, 'prefetch' | 'replace' | 'state' | 'preventScrollReset'> & {
    href: string;
  };

/**
 * The one link component for configurable targets: an external URL opens in a new tab with
 * rel="noopener noreferrer", an in-app path is a Remix <Link> (a client-side navigation with
 * JavaScript, a plain link without).
 */
export const AppLink = forwardRef<HTMLAnchorElement, AppLinkProps>(function AppLink(
  { href, prefetch, replace, state, preventScrollReset, children, ...rest },
  ref,
) {
  if (isExternalUrl(href)) {
    return (
      <a ref={ref} href={href} target="_blank" rel="noopener noreferrer" {...rest}>
        {children}
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    );
  }
  return (
    <Link
      ref={ref}
      to={href}
      prefetch={prefetch}
      replace={replace}
      state={state}
      preventScrollReset={preventScrollReset}
      {...rest}
    >
      {children}
    </Link>
  );
});
