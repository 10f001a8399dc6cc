/**
 * HTML fixtures for the browser tests and the benchmark. Elements of the input lab sit at fixed
 * positions so tests can aim at them without measuring; every input event is recorded in
 * `window.__events` for the test to read back through the page.
 */

/** One input event as the lab page records it. */
export interface RecordedEvent {
  readonly type: string;
  readonly target: string;
  readonly x: number;
  readonly y: number;
  readonly button: number;
  readonly detail: number;
  readonly key: string | null;
  readonly shiftKey: boolean;
  readonly ctrlKey: boolean;
  readonly altKey: boolean;
  readonly metaKey: boolean;
}

export const LAB_PAGE = `<!doctype html>
<html><head><title>Input lab</title>
<style>
  body { margin: 0; height: 3000px; font: 16px sans-serif; }
  .at { position: absolute; }
  #hover:hover { background: rgb(255, 200, 0); }
</style></head>
<body>
<button id="target" class="at" style="left:100px;top:100px;width:200px;height:50px">Target</button>
<div id="hover" class="at" style="left:400px;top:100px;width:100px;height:50px">Hover me</div>
<div id="pad" class="at" style="left:100px;top:200px;width:400px;height:100px;background:#eee">Drag pad</div>
<div id="scroller" class="at" style="left:600px;top:100px;width:200px;height:200px;overflow:auto">
  <div style="height:2000px">Inner list</div>
</div>
<input id="field" class="at" aria-label="Field" style="left:100px;top:350px;width:300px;height:30px">
<select id="category" class="at" aria-label="Category" style="left:100px;top:420px;width:200px;height:30px">
  <option>Travel</option><option>Meals</option><option>Office supplies</option><option>Other</option>
</select>
<a id="next" class="at" href="second.html" style="left:100px;top:480px;width:150px;height:24px">Next page</a>
<form action="/submit" class="at" style="left:500px;top:350px">
  <input id="name" name="name" aria-label="Name" style="width:200px;height:30px"><button>Send</button>
</form>
<script>
  window.__events = [];
  const record = (event) => window.__events.push({
    type: event.type, target: event.target.id || event.target.tagName || 'document',
    x: event.clientX ?? -1, y: event.clientY ?? -1, button: event.button ?? -1, detail: event.detail ?? 0,
    key: event.key ?? null, shiftKey: !!event.shiftKey, ctrlKey: !!event.ctrlKey, altKey: !!event.altKey,
    metaKey: !!event.metaKey,
  });
  for (const type of ['click', 'dblclick', 'contextmenu', 'mousedown', 'mouseup', 'keydown', 'keyup', 'change', 'wheel']) {
    document.addEventListener(type, record, true);
  }
  document.getElementById('pad').addEventListener('mousemove', record);
  document.getElementById('target').addEventListener('click', () => { document.title = 'Clicked'; });
</script>
</body></html>`;

export const SECOND_PAGE = `<!doctype html><html><head><title>Second</title></head>
<body><h1>Second page</h1></body></html>`;

export const SUBMITTED_PAGE = `<!doctype html><html><head><title>Submitted</title></head>
<body><p role="status">Thanks, your form was sent.</p></body></html>`;

const categories = ['Travel', 'Meals', 'Lodging', 'Office supplies', 'Software', 'Training', 'Other'];
const rows = [
  ['2024-03-01', 'Train to Leeds', '84.20'],
  ['2024-03-02', 'Hotel', '129.00'],
  ['2024-03-04', 'Team lunch', '56.75'],
  ['2024-03-05', 'Taxi', '23.10'],
];

/** A realistic expense form with roughly eighty interesting nodes, used by the snapshot test and the benchmark. */
export const EXPENSE_FORM_PAGE = `<!doctype html>
<html><head><title>New expense</title>
<style>
  body { margin: 0 16px; font: 15px sans-serif; }
  label { display: block; margin: 6px 0; }
  .hidden { display: none; }
  .invisible { visibility: hidden; }
  .spacer { height: 1400px; }
</style></head>
<body>
<nav><a href="/home">Home</a> <a href="/expenses">Expenses</a> <a href="/reports">Reports</a> <a href="/help">Help</a></nav>
<div role="tablist"><button role="tab" aria-selected="true">Details</button><button role="tab">Receipts</button><button role="tab">History</button></div>
<h1>New expense</h1>
<p>Fill in every field marked with a star.</p>
<form>
  <label for="title">Title *</label><input id="title" type="text" value="Conference trip">
  <label>Contact email <input type="email" value="ada@example.com"></label>
  <label>Amount <input id="amount" type="number" value="84.2"></label>
  <label>Date <input type="date" value="2024-03-01"></label>
  <label>Search merchants <input type="search" placeholder="Merchant"></label>
  <label>Category
    <select id="category">${categories.map((name) => `<option${name === 'Meals' ? ' selected' : ''}>${name}</option>`).join('')}</select>
  </label>
  <label>Notes <textarea>Booked in advance</textarea></label>
  <fieldset><legend>Payment</legend>
    <label><input type="radio" name="pay" checked> Company card</label>
    <label><input type="radio" name="pay"> Personal card</label>
    <label><input type="radio" name="pay"> Cash</label>
  </fieldset>
  <label><input type="checkbox" id="billable" checked> Billable to client</label>
  <label><input type="checkbox"> Needs manager review</label>
  <label><input type="checkbox" disabled> Archived</label>
  <div role="status">Draft saved</div>
  <div role="alert">Receipt is missing</div>
  <button type="button">Save draft</button>
  <button type="submit" id="submit" disabled>Submit</button>
  <button type="button" class="hidden">Hidden action</button>
  <button type="button" class="invisible">Invisible action</button>
</form>
<h2>Previous expenses</h2>
<table>
  <thead><tr><th aria-sort="ascending">Date</th><th>Description</th><th aria-sort="none">Amount</th></tr></thead>
  <tbody>${rows.map((cells) => `<tr>${cells.map((cell) => `<td>${cell}</td>`).join('')}</tr>`).join('')}</tbody>
</table>
<ul role="menu"><li role="menuitem">Export CSV</li><li role="menuitem">Print</li></ul>
<div class="spacer"></div>
<footer><a href="/privacy">Privacy policy</a></footer>
</body></html>`;
