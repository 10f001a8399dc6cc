import type { ApiClient } from '../api/api-client.js';
import { CreateRunForm } from './create-run-form.js';
import type { PushNotice } from '../lib/notice.js';
import { RunsList } from './runs-list.js';
import { Brand } from './token-gate.js';
import { Button } from './ui.js';

/** Start page: write a task, or open a run from the list. */
export function HomePage({
  api,
  push,
  onOpenRun,
  onSignOut,
}: {
  api: ApiClient;
  push: PushNotice;
  onOpenRun(runId: string): void;
  onSignOut(): void;
}) {
  return (
    <div className="flex h-full flex-col">
      <header className="flex h-12 shrink-0 items-center justify-between border-b border-stone-200 bg-white px-5">
        <Brand />
        <Button variant="ghost" size="sm" onClick={onSignOut} data-testid="sign-out">
          Forget token
        </Button>
      </header>
      <main className="mx-auto grid min-h-0 w-full max-w-7xl flex-1 grid-cols-1 gap-5 overflow-auto p-5 lg:grid-cols-[400px_1fr]">
        <CreateRunForm api={api} push={push} onCreated={onOpenRun} />
        <RunsList api={api} onOpenRun={onOpenRun} />
      </main>
    </div>
  );
}
