// Debian's Chromium driven by playwright-core (no browser download), with the flags that draw Pixi on SwiftShader.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type CDPSession, type Page } from 'playwright-core';

/** Uncaught exceptions of every page a test opened through `trackErrors`: a test ends by expecting none. */
export const pageErrors: string[] = [];

export function trackErrors(page: Page): Page {
  page.on('pageerror', (err) => pageErrors.push(`${page.url()}: ${err.stack ?? err.message}`));
  return page;
}

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const ARTIFACTS = path.resolve(__dirname, '../../test-artifacts');

export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--enable-unsafe-swiftshader',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}

export const DESKTOP = { width: 1280, height: 720 };
export const PHONE = { width: 390, height: 844 };

export async function shot(page: Page, name: string) {
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`) });
}

/** Real device profiles: a phone (touch, ratio 3), a HiDPI laptop (ratio 2) and a plain desktop (ratio 1). */
export const DEVICES = {
  phone: { viewport: PHONE, isMobile: true, hasTouch: true, deviceScaleFactor: 3 },
  desktop: { viewport: DESKTOP, deviceScaleFactor: 2 },
  desktop1: { viewport: DESKTOP, deviceScaleFactor: 1 },
} as const;
export type DeviceName = keyof typeof DEVICES;

/**
 * The slow phone link of issue 9's load targets (1.6 Mbps down, 750 kbps up, 150 ms RTT) on a page's DevTools
 * session, and with `cpu` > 1 its CPU slowed that many times: what bench/client-load.ts measures against.
 */
export async function throttle(cdp: CDPSession, cpu = 1): Promise<void> {
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: 1.6e6 / 8,
    uploadThroughput: 750e3 / 8,
  });
  if (cpu > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
}
