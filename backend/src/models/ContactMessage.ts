import { BaseModel, S } from './BaseModel';
import { EMAIL_MAX, NAME_MAX, PHONE_MAX, TEXT_MAX } from '@domain/limits';

/** A message from the distributors' form (/contact), or a barrier report from /accessibility (its subject says so). */
export class ContactMessage extends BaseModel {
  static tableName = 'contact_messages';
  static timestamps = 'created' as const;
  static booleanFields = ['isRead'];

  name!: string;
  company!: string;
  email!: string;
  phone!: string;
  message!: string;
  /** Empty for the distributors' form; ACCESSIBILITY.barrierSubject for a barrier report. */
  subject!: string;
  isRead!: boolean;
  searchText!: string;
  createdAt!: string;

  static jsonSchema = {
    type: 'object',
    required: ['name', 'email', 'message'],
    properties: {
      name: S.str(NAME_MAX, 1),
      company: S.str(200),
      email: S.str(EMAIL_MAX, 3),
      phone: S.str(PHONE_MAX),
      message: S.str(TEXT_MAX, 1),
      subject: S.str(100),
      isRead: S.bool,
    },
  };
}
