import type { PublicTenant } from './schema';

const FONTS = {
  sans: 'ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  serif: 'ui-serif, Georgia, Cambria, "Times New Roman", serif',
  rounded: 'ui-rounded, "SF Pro Rounded", "Nunito", system-ui, sans-serif',
} as const;

const RADII = { none: '0px', small: '6px', large: '16px' } as const;

/** The tenant's theme as CSS custom properties, set on <html>. */
export function themeStyle(theme: PublicTenant['theme']): string {
  const vars: Record<string, string> = {
    '--tenant-primary': theme.primary,
    '--tenant-primary-contrast': theme.primaryContrast,
    '--tenant-accent': theme.accent,
    '--tenant-accent-contrast': theme.accentContrast,
    '--tenant-secondary': theme.secondary,
    '--tenant-secondary-contrast': theme.secondaryContrast,
    '--tenant-surface': theme.surface,
    '--tenant-text': theme.text,
    '--tenant-radius': RADII[theme.radius],
    '--tenant-font': FONTS[theme.font],
  };
  return `:root{${Object.entries(vars)
    .map(([key, value]) => `${key}:${value}`)
    .join(';')}}`;
}
