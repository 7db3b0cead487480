// quick lighthouse: node .tmp-lh/lh.mjs http://127.0.0.1:PORT /path ...
const [base, ...pages] = process.argv.slice(2);
const { default: lighthouse } = await import('lighthouse');
const chromeLauncher = await import('chrome-launcher');
const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'] });
try {
  for (const page of pages) {
    const { lhr } = await lighthouse(base + page, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
    const a = lhr.audits;
    console.log(page, 'perf', Math.round(lhr.categories.performance.score * 100), 'LCP', a['largest-contentful-paint'].displayValue, 'FCP', a['first-contentful-paint'].displayValue, 'SI', a['speed-index'].displayValue);
    const el = a['largest-contentful-paint-element']?.details?.items;
    console.log(JSON.stringify(el ?? null).slice(0, 1500));
    const rb = a['render-blocking-resources']?.details?.items;
    console.log('render-blocking', JSON.stringify(rb));
    const nr = a['network-requests']?.details?.items?.map((r) => [r.url.replace(base, ''), Math.round(r.networkRequestTime), Math.round(r.networkEndTime), r.transferSize, r.resourceType]);
    console.log(JSON.stringify(nr));
  }
} finally {
  await chrome.kill();
}
