// The accessibility statement's editable parts (Settings → Достъпност) and a visitor's report of a
// barrier (POST /api/accessibility/barriers).
import { ACCESSIBILITY } from '../messages';
import { EMAIL_MAX, NAME_MAX, PHONE_MAX, TEXT_MAX } from '../limits';
import type { z } from 'zod';
import { email, input, object, text } from './fields';

/** yyyy-mm-dd, a real month and day. */
export const STATEMENT_DATE_PATTERN = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

export const accessibilitySettingsInput = object({
  /** What is known not to meet WCAG 2.1 AA, one item a line. */
  limitations: text(TEXT_MAX, { multiline: true }),
  statementDate: text(10, { pattern: STATEMENT_DATE_PATTERN, message: ACCESSIBILITY.statementDateInvalid }),
  /** Where barriers may also be reported (the form reaches the staff either way). */
  email: text(EMAIL_MAX),
  phone: text(PHONE_MAX),
});

export const barrierReportInput = input({
  name: text(NAME_MAX, { min: 1, required: true }),
  email: email({ required: true }),
  /** The page or feature where the barrier is (optional). */
  page: text(500),
  message: text(TEXT_MAX, { min: 1, required: true }),
});
export type BarrierReport = z.output<typeof barrierReportInput>;
