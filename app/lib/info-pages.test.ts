import { describe, expect, it } from 'vitest';
import { COPY_PAGES } from './shared/tenant/schema';
import { INFO_PAGES, linkifyText, sectionId } from './info-pages';

describe('info pages', () => {
  it('has a URL for every copy page of the tenant texts', () => {
    expect(INFO_PAGES.map((page) => page.key).sort()).toEqual([...COPY_PAGES].sort());
  });

  it('gives sections anchors the lender-qualified tooltip can link to', () => {
    expect(sectionId('What does lender-qualified mean?')).toBe('what-does-lender-qualified-mean');
    expect(sectionId('Business hours (Eastern Time)')).toBe('business-hours-eastern-time');
  });

  it('turns phone numbers and e-mail addresses into links', () => {
    expect(linkifyText('Call (512) 555 - 0142 or e-mail help@showroom.test.')).toEqual([
      { kind: 'text', text: 'Call ' },
      { kind: 'phone', text: '(512) 555 - 0142', href: 'tel:+15125550142' },
      { kind: 'text', text: ' or e-mail ' },
      { kind: 'email', text: 'help@showroom.test', href: 'mailto:help@showroom.test' },
      { kind: 'text', text: '.' },
    ]);
  });
});
