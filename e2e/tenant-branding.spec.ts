import { expect, test } from './support/fixtures';
import { DEMO_TENANTS, hexToRgb, isExternalHref, tenantConfig, tenantText, tenantUrl } from './support/tenants';

// Each demo tenant, reached on its own host, looks like itself: brand, logo, colours, texts
// and links, all read from tenants/<id>/config.json.

const LEGAL_LABELS = {
  privacyPolicy: 'Privacy Policy',
  termsOfUse: 'Terms of Use',
  privacyNotice: 'Privacy Notice',
  cookiePolicy: 'Cookie Policy',
  accessibility: 'Accessibility',
} as const;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

const NEW_TAB_REL = /(?=.*\bnoopener\b)(?=.*\bnoreferrer\b)/;

for (const id of DEMO_TENANTS) {
  test.describe(`tenant ${id}`, () => {
    test('header and footer carry its logo, brand, colours, texts and links', async ({ page, visit }) => {
      const config = tenantConfig(id);
      const response = await visit(tenantUrl(id, '/'));
      expect(response?.status()).toBe(200);

      const header = page.getByRole('banner');
      const logo = header.getByRole('link', { name: `${config.brandName} home` }).getByRole('img');
      await expect(logo).toBeVisible();
      await expect(logo).toHaveAttribute(
        'src',
        new RegExp(`^/tenant-assets/${id}/${escapeRegExp(config.images.logo)}\\?v=\\w+$`),
      );
      // The picture really arrived (a broken image would still be "visible").
      await expect.poll(() => logo.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
      await expect(header).toHaveCSS('background-color', hexToRgb(config.theme.primary));
      await expect(header).toHaveCSS('color', hexToRgb(config.theme.primaryContrast));

      const footer = page.getByRole('contentinfo');
      await expect(footer.getByText(tenantText(id, config.texts.footerTagline), { exact: true })).toBeVisible();
      await expect(footer.getByRole('img', { name: `${config.brandName} home` })).toBeVisible();
      await expect(
        footer.getByText(new RegExp(`© \\d{4} ${escapeRegExp(config.legalName.replace(/\.$/, ''))}`)),
      ).toBeVisible();
      const phone = footer.getByRole('link', { name: new RegExp(`Call ${escapeRegExp(config.brandName)}`) });
      await expect(phone).toHaveAttribute('href', `tel:${config.dealerPhone.countryCode}${config.dealerPhone.number}`);
      const digits = config.dealerPhone.number;
      await expect(phone).toContainText(`(${digits.slice(0, 3)}) ${digits.slice(3, 6)} - ${digits.slice(6)}`);

      // Legal links come from the tenant: external ones open in a new tab, in-app ones do not.
      const legal = footer.getByRole('navigation', { name: 'Legal' });
      for (const [key, label] of Object.entries(LEGAL_LABELS) as [keyof typeof LEGAL_LABELS, string][]) {
        const href = config.legalLinks[key];
        const link = legal.getByRole('link', { name: label });
        if (!href) {
          await expect(link).toHaveCount(0);
          continue;
        }
        await expect(link).toHaveAttribute('href', href);
        if (isExternalHref(href)) {
          await expect(link).toHaveAttribute('target', '_blank');
          await expect(link).toHaveAttribute('rel', NEW_TAB_REL);
        } else {
          await expect(link).not.toHaveAttribute('target', /.*/);
        }
      }
      for (const social of config.socialLinks) {
        const link = footer.locator(`a[href="${social.url}"]`);
        await expect(link).toBeVisible();
        await expect(link).toHaveAttribute('target', '_blank');
        await expect(link).toHaveAttribute('rel', NEW_TAB_REL);
      }
    });

    test('landing page shows its hero title', async ({ page, visit }) => {
      const config = tenantConfig(id);
      await visit(tenantUrl(id, '/'));
      await expect(
        page.getByRole('heading', { level: 1, name: tenantText(id, config.texts.landing.heroTitle) }),
      ).toBeVisible();
    });
  });
}
