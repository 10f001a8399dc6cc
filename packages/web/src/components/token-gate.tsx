import { useState } from 'react';
import { Button } from './ui.js';

/** Asks for the access token when the page was opened without one. */
export function TokenGate({ onToken }: { onToken(token: string): void }) {
  const [value, setValue] = useState('');
  return (
    <div className="flex h-full items-center justify-center bg-stone-100 p-6">
      <form
        data-testid="token-form"
        className="w-full max-w-md rounded-xl border border-stone-200 bg-white p-6 shadow-sm"
        onSubmit={(event) => {
          event.preventDefault();
          if (value.trim()) onToken(value.trim());
        }}
      >
        <Brand />
        <h1 className="mt-5 text-base font-semibold">Access token needed</h1>
        <p className="mt-1 text-stone-600">
          Open the address <code className="font-mono text-[12px]">sandpiper serve</code> printed (it ends in{' '}
          <code className="font-mono text-[12px]">#token=…</code>), or paste the token it printed here. It stays in this
          tab only.
        </p>
        <input
          data-testid="token-input"
          type="password"
          autoFocus
          value={value}
          onChange={(event) => setValue(event.target.value)}
          placeholder="Token"
          className="mt-4 h-9 w-full rounded-md border border-stone-300 px-3 font-mono text-[12px] outline-none focus:border-teal-600 focus:ring-2 focus:ring-teal-600/20"
        />
        <Button
          variant="primary"
          className="mt-3 w-full"
          disabled={!value.trim()}
          type="submit"
          data-testid="token-submit"
        >
          Continue
        </Button>
      </form>
    </div>
  );
}

export function Brand() {
  return (
    <span className="inline-flex items-center gap-2 font-semibold tracking-tight text-stone-900">
      <svg viewBox="0 0 20 20" className="size-5" aria-hidden>
        <circle cx="10" cy="10" r="9" className="fill-teal-700" />
        <path
          d="M5 12.5c2.5-4 6.5-5.5 10-4.5-2.2.4-3.6 1.7-4.4 3.8"
          className="fill-none stroke-white"
          strokeWidth="1.6"
          strokeLinecap="round"
        />
      </svg>
      Sandpiper
    </span>
  );
}
