import { useEffect, useMemo, useState } from 'react';
import { createApiClient } from '../api/api-client.js';
import { forgetToken, hashFor, readLocationHash, saveToken, type Route } from '../lib/location-hash.js';
import { HomePage } from './home-page.js';
import { NoticeStack, useNotices } from './notices.js';
import { RunPage } from './run-page.js';
import { TokenGate } from './token-gate.js';

export interface AppProps {
  /** The access token found at start-up; absent when the person must paste it. */
  readonly initialToken: string | undefined;
  /** Where the token is kept across reloads of this tab. */
  readonly storage: Storage;
  /** Origin of the API, normally the page's own. */
  readonly origin: string;
}

export function App({ initialToken, storage, origin }: AppProps) {
  const [token, setToken] = useState(initialToken);
  const [route, setRoute] = useState<Route>(() => readLocationHash(window.location.hash).route);
  const { notices, push, dismiss } = useNotices();
  const api = useMemo(() => (token ? createApiClient({ token, origin }) : undefined), [token, origin]);

  useEffect(() => {
    const onHashChange = () => {
      const reading = readLocationHash(window.location.hash);
      if (reading.token) {
        saveToken(storage, reading.token);
        setToken(reading.token);
        window.history.replaceState(null, '', `${window.location.pathname}${hashFor(reading.route)}`);
      }
      setRoute(reading.route);
    };
    window.addEventListener('hashchange', onHashChange);
    return () => window.removeEventListener('hashchange', onHashChange);
  }, [storage]);

  const navigate = (next: Route) => {
    window.location.hash = hashFor(next);
  };

  if (!api) {
    return (
      <TokenGate
        onToken={(value) => {
          saveToken(storage, value);
          setToken(value);
        }}
      />
    );
  }

  return (
    <div className="flex h-full flex-col">
      {route.type === 'run' ? (
        <RunPage
          key={route.runId}
          api={api}
          runId={route.runId}
          push={push}
          onHome={() => navigate({ type: 'home' })}
        />
      ) : (
        <HomePage
          api={api}
          push={push}
          onOpenRun={(runId) => navigate({ type: 'run', runId })}
          onSignOut={() => {
            forgetToken(storage);
            setToken(undefined);
          }}
        />
      )}
      <NoticeStack notices={notices} dismiss={dismiss} />
    </div>
  );
}
