/** Shopping links (lib/validation/shopping-links.ts): the accepted shops, canonical product addresses, the affiliate parameter. */
import { describe, expect, it } from 'vitest';
import { affiliateUrl, parseShoppingLink } from '@/lib/validation/shopping-links';

describe('parseShoppingLink', () => {
  it.each([
    ['https://www.amazon.de/dp/B07XYZ1234', 'amazon.de', 'B07XYZ1234', 'https://www.amazon.de/dp/B07XYZ1234'],
    [
      'https://www.amazon.co.uk/Seven-Samurai-Criterion-Blu-ray/dp/b00abcdefg/ref=sr_1_1?tag=someone-21&keywords=x',
      'amazon.co.uk',
      'B00ABCDEFG',
      'https://www.amazon.co.uk/dp/B00ABCDEFG',
    ],
    ['http://amazon.com/gp/product/B000000001', 'amazon.com', 'B000000001', 'https://www.amazon.com/dp/B000000001'],
    ['https://smile.amazon.it/dp/8800000000/', 'amazon.it', '8800000000', 'https://www.amazon.it/dp/8800000000'],
    [
      'https://cdon.fi/elokuvat/seitseman-samuraita-blu-ray-12345678/?utm_source=x',
      'cdon.fi',
      '12345678',
      'https://cdon.fi/elokuvat/seitseman-samuraita-blu-ray-12345678/',
    ],
  ])('%s → %s %s', (input, shop, productId, url) => {
    expect(parseShoppingLink(input)).toEqual({ shop, productId, url });
  });

  it.each([
    ['', 'empty'],
    ['   ', 'empty'],
    [`https://www.amazon.de/dp/B07XYZ1234?${'x'.repeat(500)}`, 'length'],
    ['https://www.ebay.com/itm/123', 'host'],
    ['https://www.amazon.fr/dp/B07XYZ1234', 'host'],
    ['https://amazon.de.evil.example/dp/B07XYZ1234', 'host'],
    ['https://www.amazon.de:8443/dp/B07XYZ1234', 'host'],
    ['https://user@www.amazon.de/dp/B07XYZ1234', 'host'],
    ['javascript:alert(1)', 'host'],
    ['amazon.de/dp/B07XYZ1234', 'host'],
    ['https://cdon.se/elokuvat/x-12345678/', 'host'],
    ['https://www.amazon.de/s?k=samurai', 'product'],
    ['https://www.amazon.de/dp/short', 'product'],
    ['https://cdon.fi/elokuvat/', 'product'],
    ['https://cdon.fi/haku/?q=samurai', 'product'],
  ])('refuses %j: %s', (input, problem) => {
    expect(parseShoppingLink(input)).toEqual({ problem });
  });
});

describe('affiliateUrl', () => {
  const env = {
    AFFILIATE_AMAZON_DE: 'tag=discshelf-21',
    AFFILIATE_CDON_FI: 'a=4242',
    AFFILIATE_AMAZON_IT: 'tag=<bad>',
  };

  it("adds the shop's own parameter from the environment", () => {
    expect(affiliateUrl('https://www.amazon.de/dp/B07XYZ1234', env)).toBe(
      'https://www.amazon.de/dp/B07XYZ1234?tag=discshelf-21',
    );
    expect(affiliateUrl('https://cdon.fi/elokuvat/x-12345678/', env)).toBe(
      'https://cdon.fi/elokuvat/x-12345678/?a=4242',
    );
  });

  it('leaves the link as stored without a well-formed setting', () => {
    expect(affiliateUrl('https://www.amazon.com/dp/B07XYZ1234', env)).toBe('https://www.amazon.com/dp/B07XYZ1234');
    expect(affiliateUrl('https://www.amazon.it/dp/B07XYZ1234', env)).toBe('https://www.amazon.it/dp/B07XYZ1234');
    expect(affiliateUrl('not a url', env)).toBe('not a url');
  });
});
