import type { ShellData } from '~/lib/shell.server';

/** The tenant's logo; the alt text names the link's destination, since the logo always links home. */
export function TenantLogo({ data, className }: { data: Pick<ShellData, 'tenant' | 'images'>; className?: string }) {
  const src = data.images.logo;
  if (!src) return <span className={className}>{data.tenant.brandName}</span>;
  return <img src={src} alt={`${data.tenant.brandName} home`} className={className} decoding="async" />;
}
