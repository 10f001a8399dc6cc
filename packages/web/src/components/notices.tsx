import { useCallback, useRef, useState } from 'react';
import type { Notice, PushNotice } from '../lib/notice.js';

/** How long a confirmation stays; errors stay until dismissed. */
const INFO_MS = 4000;

export function useNotices(): { notices: readonly Notice[]; push: PushNotice; dismiss(id: number): void } {
  const [notices, setNotices] = useState<readonly Notice[]>([]);
  const counter = useRef(0);
  const push = useCallback<PushNotice>((notice) => {
    counter.current += 1;
    const id = counter.current;
    setNotices((previous) => [...previous.slice(-3), { ...notice, id }]);
    if (notice.tone === 'info') {
      setTimeout(() => setNotices((previous) => previous.filter((candidate) => candidate.id !== id)), INFO_MS);
    }
  }, []);
  const dismiss = useCallback(
    (id: number) => setNotices((previous) => previous.filter((notice) => notice.id !== id)),
    [],
  );
  return { notices, push, dismiss };
}

export function NoticeStack({ notices, dismiss }: { notices: readonly Notice[]; dismiss(id: number): void }) {
  if (notices.length === 0) return null;
  return (
    <div className="pointer-events-none fixed right-4 bottom-4 z-50 flex w-[26rem] flex-col gap-2">
      {notices.map((notice) => (
        <div
          key={notice.id}
          role={notice.tone === 'error' ? 'alert' : 'status'}
          data-testid={notice.tone === 'error' ? 'error-notice' : 'info-notice'}
          className={`pointer-events-auto rounded-lg border px-3 py-2.5 shadow-lg ${
            notice.tone === 'error'
              ? 'border-rose-200 bg-rose-50 text-rose-900'
              : 'border-teal-200 bg-teal-50 text-teal-900'
          }`}
        >
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <p className="font-semibold">
                {notice.title}
                {notice.error && notice.error.status > 0 && (
                  <span className="ml-1.5 font-mono text-[11px] font-normal opacity-70">
                    HTTP {notice.error.status}
                  </span>
                )}
              </p>
              {notice.error && <p className="mt-0.5 text-[12px]">{notice.error.error}</p>}
              {notice.error?.issues && (
                <ul className="mt-1 space-y-0.5 text-[12px]">
                  {notice.error.issues.map((issue, index) => (
                    <li key={index}>
                      <code className="rounded bg-white/60 px-1 font-mono text-[11px]">{issue.path || '(body)'}</code>{' '}
                      {issue.message}
                    </li>
                  ))}
                </ul>
              )}
            </div>
            <button
              type="button"
              aria-label="Dismiss"
              className="-mt-0.5 text-lg leading-none opacity-50 hover:opacity-100"
              onClick={() => dismiss(notice.id)}
            >
              ×
            </button>
          </div>
        </div>
      ))}
    </div>
  );
}
