// Validation limits and defaults, one place for the server and both front ends.

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 200;
export const EMAIL_MAX = 254;
/** What counts as an e-mail address, on the server and in the forms: a bare address (no display
 *  name, no `<…>`, no quoted name, no control characters), a domain of dot-separated labels.
 *  Linear in its input: no two parts can take the same character (labels hold no dot, the name
 *  no @), so a refused string is never retried in other splits. The server checks EMAIL_MAX first
 *  (domain/email.ts, isEmailAddress). */
export const EMAIL_PATTERN =
  // eslint-disable-next-line no-control-regex -- control characters are what this pattern refuses
  /^[^\s@<>"(),;:\\[\]\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]+@[^\s@<>"(),;:\\[\]\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069.]+(?:\.[^\s@<>"(),;:\\[\]\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069.]+)+\.?$/;
export const NAME_MAX = 100;
export const PHONE_MAX = 30;
export const TEXT_MAX = 5000;
export const TITLE_MAX = 200;
export const SLUG_MAX = 200;
export const SKU_MAX = 64;
export const URL_MAX = 500;
export const PERSONALIZATION_MAX = 100;
export const NICOTINE_MAX_MG_ML = 20;
export const VOLUME_MAX_ML = 1000;
/** The Tobacco Products Directive (2014/40/EU art. 20, in Bulgaria the tobacco law): a liquid
 *  with nicotine is sold in containers of at most 10 ml; a tank or cartridge holds at most 2 ml. */
export const NICOTINE_LIQUID_CONTAINER_MAX_ML = 10;
export const TANK_MAX_ML = 2;
/** Tanks (chambers) of one device, or cartridges in one pack. */
export const TANK_COUNT_MAX = 20;
/** Flavour lists: flavours in one list, and lists in the shop. */
export const FLAVOUR_LIST_MAX = 100;
export const PRICE_MAX = 100000; // BGN, far above any real product
export const STOCK_MAX = 1_000_000;
export const QUANTITY_MAX = 999;

export const PAGE_DEFAULT = 1;
export const PAGE_SIZE_DEFAULT = 10;
export const PAGE_SIZE_MAX = 100;
export const RA_RANGE_MAX = 1000; // rows in one react-admin page (export reads in pages of this)
/** Orders printed together as packing slips (one PDF, one page each). */
export const PACKING_SLIPS_MAX = 100;
/** A customer's latest orders shown on their page (the order list has them all). */
export const CUSTOMER_ORDERS_SHOWN = 100;

export const PRICE_FILTER_MIN = 0;
export const PRICE_FILTER_MAX = 10000;

export const PRODUCT_SORTS = ['price', '-price', 'name', 'newest'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];
export const PRODUCT_SORT_DEFAULT: ProductSort = 'price';

export const USER_SORTS = ['date', 'name', 'email'] as const;
export type UserSort = (typeof USER_SORTS)[number];
export const USER_SORT_DEFAULT: UserSort = 'date';

export const PRODUCT_STATUSES = ['draft', 'active', 'archived'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

export const ROLES = ['customer', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const CART_COOKIE = 'cart';
export const CART_COOKIE_DAYS = 7;
export const ADD_TO_CART_DEFAULT_QUANTITY = 1;

export const LOW_STOCK_THRESHOLD_DEFAULT = 5;

/** Login throttling, keyed on the account and the address together: this many failures within
 *  the window lock that e-mail from that address (IPv6: its /64) for the rest of the window; from
 *  another address the owner still signs in. Per address the limit is far higher, so that one
 *  attacker behind a shared NAT or proxy does not lock out everyone else there. */
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_ADDRESS_MAX_FAILURES = 100;
export const LOGIN_WINDOW_MINUTES = 15;

/** After the password, the second factor is owed for this long, with this many tries. */
export const TWO_FACTOR_PENDING_MS = 5 * 60_000;
export const TWO_FACTOR_MAX_TRIES = 5;
/** Wrong second-factor codes per account (whatever the sign-in they belong to) within the
 *  window: then 429 until the window ends, and the owner is told by e-mail. */
export const TWO_FACTOR_MAX_FAILURES = 10;
export const TWO_FACTOR_WINDOW_MINUTES = 15;

/** Personal API tokens expire: the choices offered at creation, in days, and the default. */
export const API_TOKEN_EXPIRY_DAYS = [30, 90, 365] as const;
export const API_TOKEN_EXPIRY_DEFAULT_DAYS = 90;

/** Registrations from one address within the window (a household or an office shares one). */
export const REGISTER_MAX_PER_ADDRESS = 20;
export const REGISTER_WINDOW_MINUTES = 10;

/** Discount code checks per minute, per session and per address (a shopper retyping a code
 *  never meets these; a script trying codes does). */
export const DISCOUNT_CHECKS_PER_SESSION = 30;
export const DISCOUNT_CHECKS_PER_ADDRESS = 120;
export const DISCOUNT_CHECK_WINDOW_MINUTES = 1;

/** Order confirmations e-mailed to one recipient within the window, for orders not placed by
 *  that recipient's own account (the order is placed either way). */
export const ORDER_MAILS_PER_RECIPIENT = 3;
export const ORDER_MAIL_WINDOW_MINUTES = 60;

/** Different lines the server cart holds (and one checkout takes). */
export const CART_LINES_MAX = 50;

/** Text fields up to this length are single-line (no CR/LF) unless a rule says otherwise:
 *  names, addresses, cities, phones, company fields. Longer ones (notes, descriptions) may
 *  have several lines. */
export const SINGLE_LINE_MAX = 300;
/** What counts as a line break in a single-line field: CR, LF, NEL and the Unicode line and
 *  paragraph separators. */
export const LINE_BREAK = /[\r\n\u0085\u2028\u2029]/;

/** A password reset link works this long, once. */
export const PASSWORD_RESET_MINUTES = 60;

/** A link that proves an e-mail address works this long, once. */
export const EMAIL_VERIFY_HOURS = 48;
/** Links to prove an address mailed for one account (the registration's included) within the
 *  window, and from one network address for any accounts. */
export const EMAIL_VERIFY_MAILS_PER_ACCOUNT = 3;
export const EMAIL_VERIFY_MAILS_PER_ADDRESS = 20;
export const EMAIL_VERIFY_WINDOW_MINUTES = 60;

/** The distributors' form: this many messages from one address within the window. */
export const CONTACT_MAX_PER_WINDOW = 5;
export const CONTACT_WINDOW_MINUTES = 10;

/** A product photo as it leaves a phone (a 12–50 MP camera writes 3–12 MB): accepted up to this
 *  size, then resized and re-encoded, so what is stored and served is far smaller. */
export const UPLOAD_MAX_MB = 15;
export const UPLOAD_MAX_BYTES = UPLOAD_MAX_MB * 1024 * 1024;
/** Stored product photos fit within this many pixels on their longer edge (enough for a zoomed
 *  product page on a 4K screen), re-encoded at this quality (JPEG stays JPEG, others become WebP). */
export const IMAGE_MAX_EDGE_PX = 2000;
export const IMAGE_QUALITY = 82;
/** Pixels a photo may have before it is decoded at all (a 100 MP photo; refuses decompression bombs). */
export const IMAGE_MAX_INPUT_PIXELS = 100_000_000;
export const BODY_MAX_BYTES = 1024 * 1024;

/** CSV import of products, variants and stock (admin → Наличности → Импорт): the file's size and
 *  its data rows. Far above a shop's catalogue; a mistaken file (an orders export, a picture)
 *  is refused before it is read. */
export const IMPORT_MAX_MB = 2;
export const IMPORT_MAX_BYTES = IMPORT_MAX_MB * 1024 * 1024;
export const IMPORT_ROWS_MAX = 5000;

/** The account as a whole is never locked (a stranger could lock its owner out): past this many
 *  failures within LOGIN_WINDOW_MINUTES, from any addresses, each check of its password waits
 *  LOGIN_ACCOUNT_DELAY_STEP_MS more per further failure, at most LOGIN_ACCOUNT_DELAY_MAX_MS. */
export const LOGIN_ACCOUNT_SLOW_AFTER = 20;
export const LOGIN_ACCOUNT_DELAY_STEP_MS = 250;
export const LOGIN_ACCOUNT_DELAY_MAX_MS = 5000;

/** An administrator's password, however it is set (at start in production, the account page, a
 *  reset link, creation, promotion): at least this long, not common, not the e-mail. */
export const ADMIN_PASSWORD_MIN = 12;

/** Guest orders (no account), counted per source address (IPv6 by its /64), per phone and per
 *  e-mail (both normalised) within the window: past a soft limit the order asks for a proof of
 *  work the checkout page solves by itself (ALTCHA), past a hard one it is refused (429). One
 *  guest order takes of a variant at most the larger of `maxUnits` and `maxStockPercent` % of its
 *  stock. Staff see and change them in Settings (the `guestOrders` group). */
export interface GuestOrderLimits {
  windowMinutes: number;
  perAddressSoft: number;
  perAddressHard: number;
  perPhoneSoft: number;
  perPhoneHard: number;
  perEmailSoft: number;
  perEmailHard: number;
  maxUnits: number;
  maxStockPercent: number;
}
export const GUEST_ORDER_LIMITS_DEFAULT: GuestOrderLimits = {
  windowMinutes: 60,
  perAddressSoft: 20,
  perAddressHard: 100,
  perPhoneSoft: 5,
  perPhoneHard: 20,
  perEmailSoft: 5,
  perEmailHard: 20,
  maxUnits: 20,
  maxStockPercent: 50,
};
/** What staff may set a count limit to, and the longest window (a day). */
export const GUEST_ORDER_LIMIT_MAX = 1_000_000;
export const GUEST_ORDER_WINDOW_MAX_MINUTES = 24 * 60;
/** The proof of work: the largest number a challenge hides (a phone finds it in a few seconds,
 *  about half of it on average), and how long a challenge may be answered. */
export const GUEST_ORDER_PROOF_MAX_NUMBER = 50_000;
export const GUEST_ORDER_PROOF_MINUTES = 10;
