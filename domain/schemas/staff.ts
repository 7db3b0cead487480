// The distributors' form, and staff marking a message or a notification read.
import { NAME_MAX, PHONE_MAX, TEXT_MAX } from '../limits';
import type { z } from 'zod';
import { bool, email, input, text } from './fields';

/** POST /contact (the storefront's "За дистрибутори"). */
export const contactMessageInput = input({
  name: text(NAME_MAX, { min: 1, required: true, name: true }),
  company: text(200),
  email: email({ required: true }),
  phone: text(PHONE_MAX),
  message: text(TEXT_MAX, { min: 1, required: true }),
});

export type ContactMessage = z.output<typeof contactMessageInput>;
/** PUT /admin/contact-messages/:id: only `isRead` changes; the rest is the record echoed back. */
export const contactMessageChangeInput = input(
  { isRead: bool() },
  { ignore: ['id', 'name', 'company', 'email', 'phone', 'message', 'subject', 'createdAt'] },
);

/** PUT /admin/notifications/:id. */
export const notificationChangeInput = input({ isRead: bool() }, { ignore: ['id', 'type', 'message', 'link', 'createdAt'] });
