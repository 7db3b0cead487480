// Validation limits and defaults, one place for the server and both front ends.

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 200;
export const EMAIL_MAX = 254;
/** What counts as an e-mail address, on the server and in the forms. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
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
export const PRICE_MAX = 100000; // BGN, far above any real product
export const STOCK_MAX = 1_000_000;
export const QUANTITY_MAX = 999;

export const PAGE_DEFAULT = 1;
export const PAGE_SIZE_DEFAULT = 10;
export const PAGE_SIZE_MAX = 100;
export const RA_RANGE_MAX = 1000; // rows in one react-admin page (export reads in pages of this)

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

/** Login throttling: this many failures within the window lock the e-mail or the address. */
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_WINDOW_MINUTES = 15;

/** After the password, the second factor is owed for this long, with this many tries. */
export const TWO_FACTOR_PENDING_MS = 5 * 60_000;
export const TWO_FACTOR_MAX_TRIES = 5;

/** A password reset link works this long, once. */
export const PASSWORD_RESET_MINUTES = 60;

/** The distributors' form: this many messages from one address within the window. */
export const CONTACT_MAX_PER_WINDOW = 5;
export const CONTACT_WINDOW_MINUTES = 10;

export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const BODY_MAX_BYTES = 1024 * 1024;
