/**
 * Part of the benchmark's `pages` case: what a visitor's page view costs the server, next to what
 * a plain fetch of the same kind of page costs (a crawler that runs no JavaScript).
 *
 * For each of `ids` (release public ids that no earlier request has put in the page cache, half
 * for each way, alternating): a plain GET of `/release/{id}`, or a page view in the system
 * Chromium (CHROMIUM_PATH, default /usr/bin/chromium; a fresh browser context, the cookie notice
 * already accepted) that loads the page, waits until it has hydrated and the user widget has
 * asked /api/me (the login link shows), then `settleMs` more for whatever the page starts by
 * itself (prefetches, lazy chunks). The server's CPU time (user + system of every process under
 * the server's pid but Soketi, from /proc) is read before and after each, so one view's figure
 * includes every request it caused: the document, its static files, /api/me and any prefetch.
 * One at a time; milliseconds of CPU. Requests to the server are counted per view by kind.
 */
import { chromium, type Browser } from '@playwright/test';
import { setTimeout as sleep } from 'node:timers/promises';
import { COOKIE_CONSENT_NAME } from '@/components/layout/cookie-consent';
import { appProcesses, processCpuMs } from '../scripts/process-group';
import { summarize, type Summary } from './stats';

/** Options of {@link runViews}. */
export type ViewOptions = {
  baseUrl: string;
  /** Top process of the server (scripts/start.ts); its tree is measured. */
  serverPid: number;
  /** Never-requested release public ids: alternately fetched and viewed, the first two as a warm-up. */
  ids: string[];
  /** How long a view waits after the user widget has shown, ms. */
  settleMs: number;
  log?: (line: string) => void;
};

/** Requests one page view sent to the server, by kind. */
export type ViewRequests = { document: number; rsc: number; api: number; static: number; other: number };

/** CPU per page view and per plain fetch, and the requests of the views. */
export type ViewResult = {
  /** Server CPU per browser page view, ms. */
  view: Summary;
  /** Server CPU per plain GET of the same kind of page, ms. */
  fetch: Summary;
  /** Mean requests per view, by kind (rounded to 0.1). */
  requests: ViewRequests;
  /** The most RSC (prefetch) requests one view sent. */
  maxRsc: number;
};

/** The kind of one request the page sent to the app's origin. */
function requestKind(url: URL, resourceType: string): keyof ViewRequests {
  if (resourceType === 'document') return 'document';
  if (url.searchParams.has('_rsc')) return 'rsc';
  if (url.pathname.startsWith('/api/')) return 'api';
  if (url.pathname.startsWith('/_next/static/') || /\.[a-z0-9]+$/i.test(url.pathname)) return 'static';
  return 'other';
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * Runs the views and the fetches (see the module comment).
 * @throws when Chromium cannot start or a page does not answer 200
 */
export async function runViews(o: ViewOptions): Promise<ViewResult> {
  const pids = appProcesses(o.serverPid);
  const cpu = () => processCpuMs(pids);
  let browser: Browser | null = null;
  const viewMs: number[] = [];
  const fetchMs: number[] = [];
  const totals: ViewRequests = { document: 0, rsc: 0, api: 0, static: 0, other: 0 };
  let maxRsc = 0;
  try {
    browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium' });
    const origin = new URL(o.baseUrl).origin;
    // The first fetch and view warm up (browser start, the server's first lazy chunks): not recorded.
    for (const [i, id] of o.ids.entries()) {
      const path = `/release/${id}`;
      const record = i >= 2;
      if (i % 2 === 0) {
        const before = cpu();
        const res = await fetch(`${o.baseUrl}${path}`);
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}`);
        // Let work that continues after the answer (the page cache entry) finish.
        await sleep(100);
        if (record) fetchMs.push(cpu() - before);
        continue;
      }
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      await context.addCookies([{ name: COOKIE_CONSENT_NAME, value: '1', url: o.baseUrl }]);
      const page = await context.newPage();
      const counts: ViewRequests = { document: 0, rsc: 0, api: 0, static: 0, other: 0 };
      page.on('request', (req) => {
        const url = new URL(req.url());
        if (url.origin === origin) counts[requestKind(url, req.resourceType())]++;
      });
      const before = cpu();
      const res = await page.goto(`${o.baseUrl}${path}`);
      if (res?.status() !== 200) throw new Error(`view of ${path} answered ${res?.status()}`);
      await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
      await page.getByTestId('login-link').waitFor();
      await sleep(o.settleMs);
      const used = cpu() - before;
      await context.close();
      if (!record) continue;
      viewMs.push(used);
      for (const k of Object.keys(totals) as (keyof ViewRequests)[]) totals[k] += counts[k];
      maxRsc = Math.max(maxRsc, counts.rsc);
    }
  } finally {
    await browser?.close();
  }
  const n = Math.max(viewMs.length, 1);
  const requests = Object.fromEntries(Object.entries(totals).map(([k, v]) => [k, round1(v / n)])) as ViewRequests;
  const p50 = (xs: number[]) => summarize(xs).p50;
  o.log?.(`views: ${viewMs.length} page views, server CPU p50 ${p50(viewMs)} ms (a plain fetch ${p50(fetchMs)} ms)`);
  o.log?.(`views: requests per view ${JSON.stringify(requests)}`);
  return { view: summarize(viewMs), fetch: summarize(fetchMs), requests, maxRsc };
}
