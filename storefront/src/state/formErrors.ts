// Errors on a form (WCAG 3.3.1): each is tied to its field (aria-invalid and
// aria-describedby on the field, set by the form), and after a submit that found any, the first
// field shown invalid, in the page's order, takes focus, where its error is read.
import { flushSync } from 'react-dom';

/** Shows the errors now (a synchronous render) and focuses the first invalid field of the form. */
export function showFieldErrors<T>(setErrors: (errors: T) => void, errors: T, form: HTMLFormElement | null) {
  flushSync(() => setErrors(errors));
  focusFirstInvalid(form);
}

export function focusFirstInvalid(form: HTMLElement | null): boolean {
  const first = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
  first?.focus();
  return !!first;
}
