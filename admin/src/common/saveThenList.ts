// What a named list's form (flavour lists, price lists) does on save: a toast, back to the list; on a
// refusal, the server's message (or the resource's own) as an error toast, the form kept as typed.
import { useNotify, useRedirect, useTranslate } from 'react-admin';
import { errorMessage } from '../httpClient';

/** The mutation options of a create or edit form: `saved` and `failed` are i18n keys. */
export function useSaveThenList(resource: string, saved: string, failed: string) {
  const notify = useNotify();
  const translate = useTranslate();
  const redirect = useRedirect();
  return {
    onSuccess: () => {
      notify(saved, { type: 'success' });
      redirect('list', resource);
    },
    onError: (e: unknown) => notify(errorMessage(e, translate(failed)), { type: 'error' }),
  };
}
