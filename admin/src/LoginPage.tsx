// Staff sign in where shoppers do: the storefront's /signin, with the second factor when
// needed, which brings an administrator back to the admin. react-admin's own /admin/login only
// forwards there, quietly.
import { useEffect } from 'react';
import { signInUrl } from './signIn';

export function LoginPage() {
  useEffect(() => {
    window.location.replace(signInUrl('/admin'));
  }, []);
  return null;
}
