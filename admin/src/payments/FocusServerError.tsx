// Inside a react-admin form: when the server refuses fields of a submission (a 400 with `errors`,
// set on the fields as type 'server'), focus goes to the first field marked invalid, once per
// submission — as react-hook-form does by itself for the errors it finds before sending.
import { useEffect, useRef } from 'react';
import { useFormState, type FieldErrors } from 'react-hook-form';

function hasServerError(errors: FieldErrors | Record<string, unknown> | undefined): boolean {
  if (!errors || typeof errors !== 'object') return false;
  return Object.values(errors).some((e) => {
    if (!e || typeof e !== 'object') return false;
    if ((e as { type?: unknown }).type === 'server') return true;
    return hasServerError(e as Record<string, unknown>);
  });
}

export function FocusServerError({ within }: { within?: () => HTMLElement | null }) {
  const { errors, submitCount } = useFormState();
  const handled = useRef(0);
  useEffect(() => {
    if (handled.current === submitCount || !hasServerError(errors)) return;
    handled.current = submitCount;
    // After the render that marks the fields.
    setTimeout(() => {
      const root = within?.() ?? document;
      root.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
    }, 0);
  });
  return null;
}
