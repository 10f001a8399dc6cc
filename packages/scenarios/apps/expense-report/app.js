import { setupSurprise, wireDialog } from '/shared/dialogs.js';
import { once, requestedFault } from '/shared/faults.js';
import { createStateSync } from '/shared/state-sync.js';

const sync = createStateSync('expense-report');
const fault = requestedFault();
const byId = (id) => document.getElementById(id);

const controls = {
  employeeName: byId('employee-name'),
  email: byId('email'),
  department: byId('department'),
  tripDate: byId('trip-date'),
  amount: byId('amount'),
  category: byId('category-travel'),
  receiptAttached: byId('receipt-attached'),
  notes: byId('notes'),
};
const errorIds = {
  employeeName: 'employee-name-error',
  email: 'email-error',
  department: 'department-error',
  tripDate: 'trip-date-error',
  amount: 'amount-error',
  category: 'category-error',
  receiptAttached: 'receipt-error',
  notes: 'notes-error',
};
const stepFields = {
  details: ['employeeName', 'email', 'department', 'tripDate'],
  expense: ['amount', 'category', 'receiptAttached', 'notes'],
};
const RECEIPT_THRESHOLD = 75;
const AMOUNT_LIMIT = 5000;

const form = byId('report-form');
const certify = byId('certify');
const submitButton = byId('submit');

let step = 'details';
// Errors stay hidden until the person tries to leave the page they are on; after that they
// follow every keystroke, which is how most validated business forms behave.
const revealed = new Set();
const submissions = [];
let cancelledConfirmations = 0;
// Set by the stuck-save fault: the report was sent and no answer ever comes back.
let submitting = false;

function readFields() {
  const category = form.querySelector('input[name="category"]:checked');
  return {
    employeeName: controls.employeeName.value,
    email: controls.email.value,
    department: controls.department.value,
    tripDate: controls.tripDate.value,
    amount: controls.amount.value,
    category: category ? category.value : '',
    receiptAttached: controls.receiptAttached.checked,
    notes: controls.notes.value,
  };
}

function parseAmount(text) {
  const cleaned = text.trim().replace(/^\$/, '').replace(/,/g, '');
  return /^\d+(\.\d{1,2})?$/.test(cleaned) ? Number(cleaned) : null;
}

function validate(fields) {
  const errors = {};
  if (fields.employeeName.trim().length < 2) errors.employeeName = "Enter the employee's full name.";
  const email = fields.email.trim();
  if (email === '') errors.email = 'Enter an email address.';
  else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
    errors.email = 'Enter a valid email address, like name@example.com.';
  if (fields.department === '') errors.department = 'Choose a department.';
  if (fields.tripDate === '') {
    errors.tripDate = controls.tripDate.validity.badInput ? 'Enter a complete date.' : 'Enter the trip date.';
  } else if (fields.tripDate < '2020-01-01' || fields.tripDate > '2030-12-31') {
    errors.tripDate = 'Trip date must be between 01/01/2020 and 12/31/2030.';
  }
  const amount = parseAmount(fields.amount);
  if (fields.amount.trim() === '') errors.amount = 'Enter the amount.';
  else if (amount === null) errors.amount = 'Enter the amount as a number, like 125.50.';
  else if (amount <= 0) errors.amount = 'The amount must be greater than 0.';
  else if (amount > AMOUNT_LIMIT) errors.amount = 'Amounts over 5,000.00 need a purchase order.';
  if (fields.category === '') errors.category = 'Choose a category.';
  if (amount !== null && amount > RECEIPT_THRESHOLD && !fields.receiptAttached) {
    errors.receiptAttached = 'Attach a receipt: it is required for expenses over 75.00.';
  }
  if (fields.notes.length > 500) errors.notes = 'Notes must be 500 characters or fewer.';
  return errors;
}

/** "12.345" to "12.35": cents rounded half up on the decimal digits, so binary floats cannot skew it. */
function roundToCents(text) {
  const match = /^\s*\$?([\d,]+)\.(\d{3,})\s*$/.exec(text);
  if (match === null) return undefined;
  const whole = Number(match[1].replace(/,/g, ''));
  const cents = whole * 100 + Number(match[2].slice(0, 2)) + (Number(match[2][2]) >= 5 ? 1 : 0);
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

function formatAmount(value) {
  const [whole, cents] = value.toFixed(2).split('.');
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents}`;
}

function formatDate(iso) {
  const [year, month, day] = iso.split('-');
  return `${month}/${day}/${year}`;
}

function referenceFor(report, count) {
  // FNV-1a over the report contents: the same report always gets the same reference number.
  let hash = 0x811c9dc5;
  for (const char of JSON.stringify(report) + String(count)) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return `EXP-${100000 + (hash % 900000)}`;
}

function buildReport(fields) {
  return {
    employeeName: fields.employeeName.trim(),
    email: fields.email.trim(),
    department: fields.department,
    tripDate: fields.tripDate,
    amount: parseAmount(fields.amount),
    category: fields.category,
    receiptAttached: fields.receiptAttached,
    notes: fields.notes.trim(),
  };
}

function renderErrors(errors) {
  const shown = {};
  for (const [field, id] of Object.entries(errorIds)) {
    const message = revealed.has(field) ? errors[field] : undefined;
    const element = byId(id);
    element.textContent = message ?? '';
    element.hidden = message === undefined;
    const control = field === 'category' ? form.querySelectorAll('input[name="category"]') : [controls[field]];
    for (const input of control) input.setAttribute('aria-invalid', String(message !== undefined));
    if (message !== undefined) shown[field] = message;
  }
  const onThisStep = (stepFields[step] ?? []).filter((field) => shown[field] !== undefined).length;
  const summary = byId('error-summary');
  summary.hidden = onThisStep === 0;
  summary.textContent = onThisStep === 1 ? 'Fix 1 field to continue.' : `Fix ${onThisStep} fields to continue.`;
  return shown;
}

function renderReview(report) {
  const rows = [
    ['Employee name', report.employeeName],
    ['Email', report.email],
    ['Department', report.department],
    ['Trip date', report.tripDate ? formatDate(report.tripDate) : ''],
    ['Amount', report.amount === null ? '' : `USD ${formatAmount(report.amount)}`],
    ['Category', report.category],
    ['Receipt attached', report.receiptAttached ? 'Yes' : 'No'],
    ['Notes', report.notes || 'None'],
  ];
  const list = byId('review-summary');
  list.replaceChildren(
    ...rows.flatMap(([term, value]) => {
      const dt = document.createElement('dt');
      dt.textContent = term;
      const dd = document.createElement('dd');
      dd.textContent = value;
      return [dt, dd];
    }),
  );
  if (report.amount !== null) {
    byId('confirm-body').textContent =
      `USD ${formatAmount(report.amount)} for ${report.category} on ${formatDate(report.tripDate)} ` +
      `will be sent to Finance for approval. You cannot edit the report after submitting it.`;
    byId('duplicate-body').textContent =
      `You already claimed USD ${formatAmount(report.amount)} for ${report.category} this month. ` +
      'Submit this report as well?';
  }
}

function render() {
  const fields = readFields();
  const errors = validate(fields);
  const shownErrors = renderErrors(errors);
  const valid = Object.keys(errors).length === 0;

  for (const name of ['details', 'expense', 'review', 'submitted']) byId(`step-${name}`).hidden = name !== step;
  const order = ['details', 'expense', 'review', 'submitted'];
  for (const item of document.querySelectorAll('.stepper li')) {
    const current = item.dataset.step === step;
    if (current) item.setAttribute('aria-current', 'step');
    else item.removeAttribute('aria-current');
    item.classList.toggle('done', order.indexOf(item.dataset.step) < order.indexOf(step));
  }
  if (step === 'review') renderReview(buildReport(fields));

  const submitEnabled = valid && certify.checked && !submitting;
  submitButton.disabled = !submitEnabled;
  byId('submit-hint').hidden = submitEnabled || submitting;
  byId('submit-progress').hidden = !submitting;
  byId('review-back').disabled = submitting;
  certify.disabled = submitting;

  sync.report({
    step,
    fields,
    errors: shownErrors,
    certified: certify.checked,
    submitEnabled,
    confirmOpen: confirmDialog.isOpen || duplicateDialog.isOpen,
    cancelledConfirmations,
    surpriseOpen: surpriseDialog.isOpen,
    submissions,
  });
}

function goTo(next) {
  step = next;
  render();
  window.scrollTo(0, 0);
}

function leaveStep(current, next) {
  for (const field of stepFields[current]) revealed.add(field);
  const errors = validate(readFields());
  const firstInvalid = stepFields[current].find((field) => errors[field] !== undefined);
  if (firstInvalid === undefined) {
    goTo(next);
    return;
  }
  render();
  const target = firstInvalid === 'category' ? controls.category : controls[firstInvalid];
  target.focus();
}

function submitReport() {
  if (fault === 'stuck-save') {
    submitting = true;
    render();
    return;
  }
  const report = buildReport(readFields());
  submissions.push({ reference: referenceFor(report, submissions.length), ...report });
  byId('reference').textContent = submissions.at(-1).reference;
  goTo('submitted');
}

const confirmDialog = wireDialog(byId('confirm-dialog'), (choice) => {
  if (choice === 'confirm' && !submitButton.disabled) {
    // The extra-confirm fault asks a second question that the plan knows nothing about.
    if (fault === 'extra-confirm') duplicateDialog.open();
    else submitReport();
    render();
    return;
  }
  cancelledConfirmations += 1;
  render();
});
const duplicateDialog = wireDialog(byId('duplicate-dialog'), (choice) => {
  if (choice === 'confirm' && !submitButton.disabled) {
    submitReport();
    return;
  }
  cancelledConfirmations += 1;
  render();
});
const surpriseDialog = setupSurprise(byId('surprise-dialog'), () => render());

byId('details-next').addEventListener('click', () => leaveStep('details', 'expense'));
byId('expense-next').addEventListener('click', () => leaveStep('expense', 'review'));
byId('expense-back').addEventListener('click', () => goTo('details'));
byId('review-back').addEventListener('click', () => goTo('expense'));
submitButton.addEventListener('click', () => {
  confirmDialog.open();
  render();
});
byId('new-report').addEventListener('click', () => {
  form.reset();
  revealed.clear();
  goTo('details');
});
// Field listeners run before the form's, so the form renders the value the fault left behind.
const clearEmailOnce = once(() => {
  controls.email.value = '';
});
controls.department.addEventListener('change', () => {
  if (fault === 'field-reset') clearEmailOnce();
});
controls.amount.addEventListener('change', () => {
  const rounded = fault === 'value-rounding' ? roundToCents(controls.amount.value) : undefined;
  if (rounded !== undefined) controls.amount.value = rounded;
});
form.addEventListener('submit', (event) => event.preventDefault());
form.addEventListener('input', () => render());
form.addEventListener('change', () => render());

render();
