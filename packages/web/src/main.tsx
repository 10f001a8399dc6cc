import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './components/app.js';
import { hashFor, loadToken, readLocationHash, saveToken } from './lib/location-hash.js';
import './styles.css';

const reading = readLocationHash(window.location.hash);
if (reading.token) {
  saveToken(window.sessionStorage, reading.token);
  // Drop the token from the address bar at once; the route stays, so reload shows the same page.
  window.history.replaceState(null, '', `${window.location.pathname}${hashFor(reading.route)}`);
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App
      initialToken={loadToken(window.sessionStorage)}
      storage={window.sessionStorage}
      origin={window.location.origin}
    />
  </StrictMode>,
);
