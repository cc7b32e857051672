import { describe, expect, it } from 'vitest';
import { isDecoratePage, sitePathOf } from './site-base';

describe('the site a page belongs to by its path (decision 0009)', () => {
  it('finds a sub-site path before a segment the app serves, or alone', () => {
    expect(sitePathOf('/myshop/inside/goodsList')).toBe('/myshop');
    expect(sitePathOf('/myshop')).toBe('/myshop');
    expect(sitePathOf('/myshop/')).toBe('/myshop');
    expect(sitePathOf('/my-shop-2/login')).toBe('/my-shop-2');
    expect(sitePathOf('/myshop/decorate/desktop')).toBe('/myshop');
  });

  it('leaves the platform’s own pages, the admin entry and unknown shapes alone', () => {
    expect(sitePathOf('/')).toBe('');
    expect(sitePathOf('/inside/goodsList')).toBe('');
    expect(sitePathOf('/login')).toBe('');
    expect(sitePathOf('/adminXyz9/index')).toBe('');
    // Admin screens named like the app's segments are the admin area, not a site.
    expect(sitePathOf('/x9admin/decorate', '')).toBe('');
    expect(sitePathOf('/x9admin/cdk', 'x9admin')).toBe('');
    expect(sitePathOf('/x9admin/messages', 'X9Admin')).toBe('');
    expect(sitePathOf('/myshop/cdk', 'x9admin')).toBe('/myshop');
    expect(sitePathOf('/MyShop/inside')).toBe('');
    expect(sitePathOf('/myshop/unknown/page')).toBe('');
  });

  it('knows the decoration page', () => {
    expect(isDecoratePage('/myshop/decorate/desktop')).toBe(true);
    expect(isDecoratePage('/myshop/inside')).toBe(false);
  });
});
