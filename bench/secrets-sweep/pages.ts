import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Small plain-HTML pages with the secret fields the test bed does not have: a visible API token
 * field (whose page repeats the token once saved, as some dashboards do), a card form with a CVC,
 * a one-time code, and a profile with ordinary fields. Served on 127.0.0.1 only.
 */
export type SweepPage = 'developer' | 'checkout' | 'verify' | 'profile';

export interface PagesServer {
  urlFor(page: SweepPage): string;
  close(): Promise<void>;
}

const STYLE = `
  body { margin: 0; font-family: 'DejaVu Sans', 'Liberation Sans', Arial, sans-serif; font-size: 16px;
         color: #1d2430; background: #f4f6f9; }
  header { background: #fff; border-bottom: 1px solid #d5dbe3; padding: 12px 24px; }
  h1 { font-size: 20px; margin: 0; }
  main { max-width: 640px; margin: 24px auto; background: #fff; border: 1px solid #d5dbe3;
         border-radius: 8px; padding: 16px 24px 24px; }
  label { display: block; margin: 14px 0 4px; font-weight: 600; }
  input, textarea { font: inherit; font-size: 18px; padding: 6px 8px; width: 420px; border: 1px solid #9aa4b2;
                    border-radius: 4px; }
  button { font: inherit; margin-top: 18px; padding: 8px 16px; border-radius: 4px; border: 1px solid #1f5fbf;
           background: #1f5fbf; color: #fff; }
  p.status { margin-top: 16px; font-size: 18px; }
`;

function page(title: string, body: string, script: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${title}</title><link rel="icon" href="data:,"><style>${STYLE}</style></head>
<body><header><h1>${title}</h1></header><main>${body}</main><script>${script}</script></body>
</html>`;
}

const pages: Readonly<Record<SweepPage, string>> = {
  developer: page(
    'Developer settings',
    `<form id="form" novalidate>
      <label for="api-token">API token</label>
      <input id="api-token" name="api-token" type="text" autocomplete="off" spellcheck="false">
      <div><button type="submit">Save token</button></div>
    </form>
    <p class="status" id="status" role="status"></p>`,
    `document.getElementById('form').addEventListener('submit', (event) => {
      event.preventDefault();
      const token = document.getElementById('api-token').value;
      document.getElementById('status').textContent = 'Saved. Requests now use the token ' + token + '.';
    });`,
  ),
  checkout: page(
    'Checkout',
    `<form id="form" novalidate>
      <label for="card-number">Card number</label>
      <input id="card-number" name="card-number" type="text" inputmode="numeric" autocomplete="cc-number">
      <label for="expiry">Expiry date</label>
      <input id="expiry" name="expiry" type="text" placeholder="MM/YY" autocomplete="cc-exp">
      <label for="cvc">CVC</label>
      <input id="cvc" name="cvc" type="text" inputmode="numeric" autocomplete="cc-csc">
      <div><button type="submit">Pay now</button></div>
    </form>
    <p class="status" id="status" role="status"></p>`,
    `document.getElementById('form').addEventListener('submit', (event) => {
      event.preventDefault();
      document.getElementById('status').textContent = 'Payment submitted.';
    });`,
  ),
  verify: page(
    'Two-step verification',
    `<p>Enter the code from your authenticator app.</p>
    <form id="form" novalidate>
      <label for="otp">One-time code</label>
      <input id="otp" name="otp" type="text" inputmode="numeric" autocomplete="one-time-code">
      <div><button type="submit">Verify</button></div>
    </form>
    <p class="status" id="status" role="status"></p>`,
    `document.getElementById('form').addEventListener('submit', (event) => {
      event.preventDefault();
      document.getElementById('status').textContent = 'Code accepted.';
    });`,
  ),
  profile: page(
    'Profile',
    `<form id="form" novalidate>
      <label for="display-name">Display name</label>
      <input id="display-name" name="display-name" type="text">
      <label for="notes">Notes</label>
      <textarea id="notes" name="notes" rows="3"></textarea>
      <div><button type="submit">Save</button></div>
    </form>
    <p class="status" id="status" role="status"></p>`,
    `document.getElementById('form').addEventListener('submit', (event) => {
      event.preventDefault();
      document.getElementById('status').textContent = 'Profile saved.';
    });`,
  ),
};

export async function startPagesServer(): Promise<PagesServer> {
  const server = createServer((request, response) => {
    const name = /^\/([a-z]+)\/$/.exec(request.url ?? '')?.[1];
    const html = name !== undefined && name in pages ? pages[name as SweepPage] : undefined;
    response.writeHead(html === undefined ? 404 : 200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(html ?? 'not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    urlFor: (name) => `http://127.0.0.1:${port}/${name}/`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
