import type { LiveFrame, LiveView, LiveViewOptions } from '@sandpiper/core';
import type { Page } from 'playwright-core';

interface ScreencastFrameEvent {
  readonly data: string;
  readonly sessionId: number;
  readonly metadata: { readonly deviceWidth: number; readonly deviceHeight: number; readonly timestamp?: number };
}

/**
 * Stream a page's screen through the DevTools screencast: Chromium sends a JPEG whenever the page
 * paints, so a still page costs nothing and a busy one is capped by the compositor, not by polling.
 * Every frame is acknowledged at once; a slow consumer drops frames downstream instead of
 * holding the browser back. The session is separate from the one that reads accessibility.
 */
export async function startScreencast(
  page: Page,
  options: LiveViewOptions,
  onFrame: (frame: LiveFrame) => void,
): Promise<LiveView> {
  const session = await page.context().newCDPSession(page);
  let stopped = false;
  session.on('Page.screencastFrame', (event: ScreencastFrameEvent) => {
    session.send('Page.screencastFrameAck', { sessionId: event.sessionId }).catch(() => undefined);
    if (stopped) return;
    const bytes = Buffer.from(event.data, 'base64');
    onFrame({
      jpeg: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength),
      screen: { width: event.metadata.deviceWidth, height: event.metadata.deviceHeight },
      at: event.metadata.timestamp === undefined ? Date.now() : Math.round(event.metadata.timestamp * 1000),
    });
  });
  await session.send('Page.startScreencast', {
    format: 'jpeg',
    quality: Math.round(Math.min(100, Math.max(1, options.quality))),
    maxWidth: Math.max(1, Math.round(options.maxWidth)),
    maxHeight: Math.max(1, Math.round(options.maxWidth * 2)),
    everyNthFrame: 1,
  });
  return {
    async stop() {
      if (stopped) return;
      stopped = true;
      await session.send('Page.stopScreencast').catch(() => undefined);
      await session.detach().catch(() => undefined);
    },
  };
}
