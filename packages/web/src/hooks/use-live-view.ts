import { useEffect, useState } from 'react';
import type { ApiClient } from '../api/api-client.js';

/** `live`: frames are arriving; `unavailable`: the server offers no live view (or not now). */
export type LiveStatus = 'off' | 'connecting' | 'live' | 'unavailable';

export interface LiveView {
  readonly status: LiveStatus;
  /** Object URL of the latest JPEG frame; absent before the first one. */
  readonly frameUrl?: string;
  /** Frames per second over the last two seconds. */
  readonly fps: number;
}

const FPS_WINDOW_MS = 2000;
const RETRY_MS = 5000;

/**
 * Show the live view WebSocket of a run: one binary JPEG per message. While `enabled`, a socket
 * that closes or cannot open is retried every few seconds (the run may not be streaming yet).
 */
export function useLiveView(api: ApiClient, runId: string, enabled: boolean): LiveView {
  const [view, setView] = useState<LiveView>({ status: 'off', fps: 0 });

  useEffect(() => {
    if (!enabled) {
      setView((previous) => ({ ...previous, status: 'off', fps: 0 }));
      return;
    }
    let disposed = false;
    let socket: WebSocket | undefined;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let frameUrl: string | undefined;
    const arrivals: number[] = [];

    const fps = () => {
      const now = performance.now();
      while (arrivals.length > 0 && arrivals[0]! < now - FPS_WINDOW_MS) arrivals.shift();
      return Math.round((arrivals.length / (FPS_WINDOW_MS / 1000)) * 10) / 10;
    };
    const meter = setInterval(() => {
      if (!disposed) setView((previous) => ({ ...previous, fps: fps() }));
    }, 500);

    const connect = () => {
      if (disposed) return;
      setView((previous) => ({ ...previous, status: previous.status === 'live' ? 'live' : 'connecting' }));
      const current = new WebSocket(api.liveUrl(runId));
      current.binaryType = 'blob';
      socket = current;
      current.onmessage = (message) => {
        if (!(message.data instanceof Blob)) return;
        const previousUrl = frameUrl;
        frameUrl = URL.createObjectURL(
          message.data.type ? message.data : new Blob([message.data], { type: 'image/jpeg' }),
        );
        arrivals.push(performance.now());
        setView({ status: 'live', frameUrl, fps: fps() });
        if (previousUrl) URL.revokeObjectURL(previousUrl);
      };
      current.onclose = () => {
        if (disposed || socket !== current) return;
        socket = undefined;
        setView((previous) => ({ ...previous, status: 'unavailable', fps: 0 }));
        retryTimer = setTimeout(connect, RETRY_MS);
      };
    };

    connect();
    return () => {
      disposed = true;
      clearInterval(meter);
      clearTimeout(retryTimer);
      socket?.close(1000, 'live view closed');
      if (frameUrl) URL.revokeObjectURL(frameUrl);
    };
  }, [api, runId, enabled]);

  return enabled ? view : { status: 'off', fps: 0 };
}
