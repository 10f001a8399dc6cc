import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A form small enough to read at a glance: a name field, a Save button and a status line it fills. */
export const FORM_PAGE = `<!doctype html>
<html><head><meta charset="utf-8"><title>Remote form</title>
<style>body { font: 16px sans-serif; margin: 40px; } input, button { font: inherit; padding: 6px; }</style></head>
<body>
  <label for="name">Name</label> <input id="name" autocomplete="off">
  <button id="save" onclick="document.getElementById('status').textContent = 'Saved ' + document.getElementById('name').value">Save</button>
  <p id="status" role="status">Nothing saved</p>
</body></html>`;

/** Serve one page at `/` on 127.0.0.1; the answer never depends on the request. */
export async function startPageServer(page: string): Promise<{ readonly url: string; close(): Promise<void> }> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    response.end(page);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
