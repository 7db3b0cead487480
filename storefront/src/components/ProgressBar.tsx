// A thin progress bar on every route change, and while a page's code is loading.
import { useLocation } from 'react-router-dom';

export function RouteProgress() {
  const location = useLocation();
  return <div key={location.key} className="route-progress" aria-hidden="true" />;
}

export function LoadingBar() {
  return <div className="route-progress route-progress-loading" role="progressbar" aria-label="Зареждане" />;
}
