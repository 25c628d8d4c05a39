// Temporary probe (not committed): one Lighthouse mobile run per URL, where the main thread went.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
const urls = process.argv.slice(2);
const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'] });
try {
  for (const url of urls) {
    const r = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
    const a = r!.lhr.audits;
    console.log('\n==', url, 'perf', Math.round((r!.lhr.categories.performance!.score ?? 0) * 100), 'TBT', a['total-blocking-time']!.numericValue?.toFixed(0), 'FCP', a['first-contentful-paint']!.numericValue?.toFixed(0), 'LCP', a['largest-contentful-paint']!.numericValue?.toFixed(0), 'SI', a['speed-index']!.numericValue?.toFixed(0), 'CLS', a['cumulative-layout-shift']!.numericValue?.toFixed(3));
    for (const k of ['first-contentful-paint','largest-contentful-paint','total-blocking-time','cumulative-layout-shift','speed-index']) console.log('  score', k, a[k]!.score);
    const mw = a['mainthread-work-breakdown']!.details as { items: { groupLabel: string; duration: number }[] };
    console.log('  mainthread', mw.items.map((i) => `${i.groupLabel}:${i.duration.toFixed(0)}`).join(' | '));
    const lt = a['long-tasks']?.details as { items: { url: string; duration: number; startTime: number }[] } | undefined;
    console.log('  long tasks', (lt?.items ?? []).slice(0, 8).map((i) => `${i.url.slice(-40)}@${i.startTime.toFixed(0)}:${i.duration.toFixed(0)}`).join(' | '));
    const bt = a['bootup-time']?.details as { items: { url: string; total: number; scripting: number }[] } | undefined;
    console.log('  bootup', (bt?.items ?? []).slice(0, 6).map((i) => `${i.url.slice(-40)}:${i.total.toFixed(0)}/${i.scripting.toFixed(0)}`).join(' | '));
  }
} finally {
  chrome.kill();
}
