// A react-admin validator from a field of the API's own schemas (domain/schemas): the form refuses
// what the server would, with the server's Bulgarian text. Empty is left to `required()`.
import type { z } from 'zod';

export const fieldRule =
  (field: z.ZodType) =>
  (value: unknown): string | undefined => {
    if (value === undefined || value === null || value === '') return undefined;
    const result = field.safeParse(value);
    return result.success ? undefined : result.error.issues[0]?.message;
  };
