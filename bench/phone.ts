import type { BrowserContextOptions, Page } from '@playwright/test';

/** A mid-range phone's screen: 412×823 CSS pixels at 1.75×, touch. */
export const PHONE_SCREEN: BrowserContextOptions = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };

export interface PhoneLink {
  latencyMs: number;
  downKbps: number;
  upKbps: number;
  /** how many times slower than this machine's CPU */
  cpu: number;
}

/** Throttles one page's network and CPU like a phone's, through CDP; returns the session to lift the CPU limit later. */
export async function throttleLikePhone(page: Page, link: PhoneLink) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: link.latencyMs,
    downloadThroughput: (link.downKbps * 1000) / 8,
    uploadThroughput: (link.upKbps * 1000) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: link.cpu });
  return cdp;
}
