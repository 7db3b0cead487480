import { normalizePhoneKey } from './phone';

describe('normalizePhoneKey', () => {
  it('folds the forms of one Bulgarian number into one key', () => {
    const forms = ['+359 88 123 4567', '00359881234567', '0881234567', '088 123 45 67', '(+359) 88-123-4567', '881234567'];
    expect(new Set(forms.map(normalizePhoneKey))).toEqual(new Set(['881234567']));
  });
  it('keeps different numbers apart', () => {
    expect(normalizePhoneKey('0881234567')).not.toBe(normalizePhoneKey('0881234568'));
  });
});
