// Privacy requests: closing one's account (with the password), staff answering a request by e-mail.
import { PASSWORD_MAX } from '../limits';
import { PRIVACY } from '../messages';
import { PERSONAL_DATA_FORMATS, RETENTION_YEARS_MAX, RETENTION_YEARS_MIN } from '../privacy';
import { bool, email, input, int, object, oneOf, text } from './fields';

export const accountCloseInput = input(
  { password: text(PASSWORD_MAX, { min: 1, trim: false, multiline: true, required: true, message: PRIVACY.passwordNeeded }) },
  { ignore: ['csrfToken', '_csrf'] },
);

/** Staff: the data held for an e-mail address, as JSON or CSV. */
export const guestExportInput = input({ email: email({ required: true }), format: oneOf(PERSONAL_DATA_FORMATS) });

/** Staff: erase what is held for an e-mail address; the admin's confirmation travels along. */
export const guestEraseInput = input({ email: email({ required: true }), confirm: bool({ required: true }) });

/** The settings group `privacy`. */
export const privacySettingsInput = object({
  retentionYears: int({ min: RETENTION_YEARS_MIN, max: RETENTION_YEARS_MAX }),
  contactRetentionYears: int({ min: RETENTION_YEARS_MIN, max: RETENTION_YEARS_MAX }),
});
