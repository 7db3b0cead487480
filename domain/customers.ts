// How staff find a customer: a phone typed any way (0879…, +359 879…, 00359…) and a name in either
// order ("Иванова Мария") match. Pure, shared by the server's customer search and its tests.

/** The national form of a Bulgarian phone number, digits only: "+359 879 666 777" → "0879666777". */
export function normalizePhone(text: string | null | undefined): string {
  const digits = String(text ?? '').replace(/\D/g, '');
  if (digits.startsWith('00359')) return `0${digits.slice(5)}`;
  if (digits.startsWith('359') && digits.length >= 11) return `0${digits.slice(3)}`;
  return digits;
}

/** Does every word of the query occur in the customer's name, e-mail or phone (any order)? */
export function matchesCustomer(
  query: string,
  c: { firstName?: string | null; lastName?: string | null; email?: string | null; phone?: string | null },
): boolean {
  const words = query.toLocaleLowerCase('bg').split(/\s+/).filter(Boolean);
  if (!words.length) return true;
  const text = [c.firstName, c.lastName, c.email].filter(Boolean).join(' ').toLocaleLowerCase('bg');
  const phone = normalizePhone(c.phone);
  // A query that is mostly digits is a phone number, however it is written.
  const queryDigits = query.replace(/\D/g, '');
  if (queryDigits.length >= 6 && queryDigits.length >= query.replace(/\s/g, '').length - 2) {
    return phone.length > 0 && phone.includes(normalizePhone(query));
  }
  return words.every((w) => text.includes(w) || (/\d/.test(w) && phone.includes(normalizePhone(w))));
}
