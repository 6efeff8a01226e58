import { gzipSync } from 'node:zlib';
import { launchChromium } from '@quire/e2e/browser';
import autocannon from 'autocannon';
import type { BenchContext, Figure } from '../figures';

const LANDING_JS_BUDGET_BYTES = 120 * 1024;
const SERVE_REQUESTS = 2_000;

/** JavaScript the landing route really loads in a browser, gzip-compressed as the server sends it. */
export async function landingRouteJavaScript({ server }: BenchContext): Promise<Figure[]> {
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    const scripts = new Map<string, Promise<Buffer>>();
    // Module-preloaded chunks are not reported as 'script' resources, so go by what the server sent.
    page.on('response', (response) => {
      if (/javascript/.test(response.headers()['content-type'] ?? '')) scripts.set(response.url(), response.body());
    });
    await page.goto(`${server.baseUrl}/`, { waitUntil: 'networkidle' });
    const bodies = await Promise.all(scripts.values());
    const gzipBytes = bodies.reduce((sum, body) => sum + gzipSync(body).length, 0);
    const rawBytes = bodies.reduce((sum, body) => sum + body.length, 0);
    return [
      { name: 'landing route JavaScript files', value: bodies.length, unit: 'files' },
      { name: 'landing route JavaScript (raw)', value: kib(rawBytes), unit: 'KB' },
      {
        name: 'landing route JavaScript (gzip)',
        value: kib(gzipBytes),
        unit: 'KB',
        goal: { limit: kib(LANDING_JS_BUDGET_BYTES), met: gzipBytes <= LANDING_JS_BUDGET_BYTES },
      },
    ];
  } finally {
    await browser.close();
  }
}

/** Latency of serving the landing page's HTML, over 2,000 requests on 10 connections. */
export async function serveLandingPage({ server }: BenchContext): Promise<Figure[]> {
  const result = await autocannon({ url: `${server.baseUrl}/`, connections: 10, amount: SERVE_REQUESTS });
  const failures = result.errors + result.timeouts + result.non2xx;
  return [
    { name: 'GET / requests', value: result.requests.total, unit: 'requests' },
    { name: 'GET / failures', value: failures, unit: 'requests' },
    { name: 'GET / latency p50', value: result.latency.p50, unit: 'ms' },
    { name: 'GET / latency p99', value: result.latency.p99, unit: 'ms' },
    { name: 'GET / throughput', value: Math.round(result.requests.average), unit: 'req/s' },
  ];
}

function kib(bytes: number): number {
  return Math.round((bytes / 1024) * 10) / 10;
}
