import { preload } from 'react-dom';

/**
 * The picture that is likely the page's largest paint (LCP): asked for first. On the server React
 * hoists it as <link rel="preload" as="image" fetchpriority="high">, and the rendered page puts
 * that ahead of the app's scripts (backend modules/storefront/document.ts), so on a phone's
 * connection the picture does not wait behind the code for a free connection.
 */
export function priorityImage(url: string | undefined | null): void {
  if (url) preload(url, { as: 'image', fetchPriority: 'high' });
}
