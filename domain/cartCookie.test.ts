import {
  CART_COOKIE_MAX_BYTES,
  cartCookieBytes,
  cartCookieFits,
  decodeCartCookie,
  encodeCartCookie,
  nextGuestLineId,
  GuestCartLine,
} from './cartCookie';

const line = (id: number, personalization = '', attributes: GuestCartLine['attributes'] = []): GuestCartLine => ({
  id,
  productId: 12,
  variantId: 34,
  quantity: 2,
  personalization,
  attributes,
});
const inscription = (n: number) => 'Ж'.repeat(n);

describe('the guest cart cookie', () => {
  it('round-trips lines, Cyrillic and characters a cookie cannot hold included', () => {
    const lines = [
      line(1, 'Честит рожден ден; "за теб", 100% любов + ♥', [
        { attributeId: 1, attributeValueId: 2 },
        { attributeId: 3, attributeValueId: 4 },
      ]),
      { ...line(2), variantId: null },
    ];
    const value = encodeCartCookie(lines);
    expect(value).not.toMatch(/[;,"\s\\]/);
    expect(decodeCartCookie(value)).toEqual(lines);
  });

  it('is compact: a plain line costs a few bytes, each Cyrillic letter 6', () => {
    expect(encodeCartCookie([line(1)])).toBe('[[1%2C12%2C34%2C2]]');
    const base = cartCookieBytes([line(1, 'a')]);
    expect(cartCookieBytes([line(1, 'aЖ')]) - base).toBe(6);
  });

  it('reads the old format (objects with long keys, URL-encoded)', () => {
    const old = [
      {
        id: 1732300000000,
        productId: 5,
        variantId: 6,
        quantity: 3,
        personalization: 'Иван',
        attributes: [{ attributeId: 1, attributeValueId: 9 }],
      },
    ];
    expect(decodeCartCookie(encodeURIComponent(JSON.stringify(old)))).toEqual(old);
    expect(decodeCartCookie('garbage')).toEqual([]);
  });

  it('knows when lines would not fit (the browser would drop the cookie)', () => {
    const five = Array.from({ length: 5 }, (_, i) => line(i + 1, inscription(100)));
    expect(cartCookieFits(five)).toBe(true);
    const six = [...five, line(6, inscription(100))];
    expect(cartCookieBytes(six)).toBeGreaterThan(CART_COOKIE_MAX_BYTES);
    expect(cartCookieFits(six)).toBe(false);
  });

  it('makes line ids from the current time, above the others', () => {
    expect(nextGuestLineId([], 1000)).toBe(1000);
    expect(nextGuestLineId([{ id: 1000 }, { id: 2 }], 1000)).toBe(1001);
  });
});
