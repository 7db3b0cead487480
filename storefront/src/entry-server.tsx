// The storefront rendered on the server: the same App as in the browser, under a
// StaticRouter, with the page's data already in hand. Built by `npm run build:ssr` into
// storefront/dist-server/entry-server.js, which the Koa server loads (backend/src/modules/storefront).
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { App, AppRoutes } from './App';
import { PreloadedProvider, PagePayload } from './state/preloaded';
import { preloadPage } from './lazyPage';

export { pageNeeds } from './pageData';

/** The page's HTML, hoisted head tags (<title>, <meta>, <link>) first, as React writes them. */
export async function render(payload: PagePayload): Promise<string> {
  // The page's code first, so the render does not wait on a lazy chunk.
  await preloadPage(AppRoutes(), new URL(payload.url, 'http://shop.invalid').pathname);
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <StaticRouter location={payload.url}>
        <PreloadedProvider payload={payload}>
          <App />
        </PreloadedProvider>
      </StaticRouter>
    </StrictMode>,
    // One whole document: React would otherwise send a large page's content as a hidden part
    // revealed by inline scripts (over ~12.8 KB, e.g. a shop page with pictures), which the
    // CSP blocks: the page would show nothing until the app ran.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const decoder = new TextDecoder();
  let html = '';
  for await (const chunk of prelude as AsyncIterable<string | Uint8Array>)
    html += typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
  return html + decoder.decode();
}
