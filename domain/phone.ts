// One phone number as the guest-order limits count it: the forms a shopper may type for one
// Bulgarian number (+359 88 …, 00359 88…, 088…, 88…) are one key. Not a number to dial: a key.

export function normalizePhoneKey(phone: string): string {
  const digits = String(phone ?? '').replace(/\D/g, '');
  if (digits.startsWith('00359')) return digits.slice(5);
  if (digits.startsWith('359')) return digits.slice(3);
  if (digits.startsWith('0')) return digits.slice(1);
  return digits;
}
