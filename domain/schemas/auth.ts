// Sign-up, sign-in, the second factor, passwords and personal API tokens.
import { API, EMAIL_OWNERSHIP } from '../messages';
import { NAME_MAX, PASSWORD_MAX, PASSWORD_MIN, PHONE_MAX } from '../limits';
import { email, input, int, text } from './fields';

/** Sent with a form by some clients; the header is what is checked. */
const FORM_EXTRAS = ['csrfToken', '_csrf', 'rememberMe', 'confirmPassword'];

/** A new password: kept as typed (spaces count), at least PASSWORD_MIN characters. */
export const newPassword = <R extends boolean>(required: R) =>
  text(PASSWORD_MAX, { min: PASSWORD_MIN, trim: false, multiline: true, required, message: API.passwordTooShort });

/** The password that is checked, not set: only not empty. */
const givenPassword = text(PASSWORD_MAX, { min: 1, trim: false, multiline: true, required: true });

export const registerInput = input(
  {
    email: email({ required: true }),
    password: newPassword(true),
    firstName: text(NAME_MAX, { min: 1, required: true, name: true }),
    lastName: text(NAME_MAX, { min: 1, required: true, name: true }),
    phone: text(PHONE_MAX),
  },
  { ignore: FORM_EXTRAS },
);

export const loginInput = input(
  { email: email({ required: true, message: API.wrongCredentials }), password: givenPassword },
  { ignore: FORM_EXTRAS },
);

/** A code from the authenticator app or a backup code. */
export const twoFactorCodeInput = input({ code: text(20, { min: 1, required: true, message: API.twoFactorWrongCode }) });

export const forgotPasswordInput = input({ email: email({ required: true }) });

export const resetPasswordInput = input({
  token: text(200, { min: 10, required: true, message: API.resetLinkInvalid }),
  password: newPassword(true),
});

/** The link that proves an address (POST /auth/verify-email). */
export const verifyEmailInput = input({
  token: text(200, { min: 10, required: true, message: EMAIL_OWNERSHIP.linkInvalid }),
});

/** A new address for the account, confirmed with its password: it replaces the old one once the
 *  link mailed to it is opened. */
export const emailChangeInput = input({ email: email({ required: true }), password: givenPassword });

export const passwordChangeInput = input({
  currentPassword: givenPassword,
  newPassword: newPassword(true),
});

/** A personal API token: its name and how long it lives (API_TOKEN_EXPIRY_DAYS, checked after). */
export const apiTokenInput = input({
  name: text(100, { min: 1, required: true }),
  expiresInDays: int({ min: 1, max: 366 }),
});
