import { z } from 'zod';

/** The names of the built-in scenario apps, which are also their URL path segments. */
export const scenarioNames = ['expense-report', 'machine-status', 'sales-charts'] as const;
export type ScenarioName = (typeof scenarioNames)[number];

export function isScenarioName(value: string): value is ScenarioName {
  return (scenarioNames as readonly string[]).includes(value);
}

/** A calendar day as `<input type="date">` reports it: `YYYY-MM-DD`. */
const isoDateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a YYYY-MM-DD date');
/** A date field's raw value: empty, or whatever the browser produced (it allows 5-digit years). */
const dateFieldSchema = z.string().max(32);

export const departmentSchema = z.enum([
  'Engineering',
  'Finance',
  'Human Resources',
  'Marketing',
  'Operations',
  'Sales',
]);
export const expenseCategorySchema = z.enum(['Travel', 'Meals', 'Lodging', 'Supplies']);
export const expenseFieldNameSchema = z.enum([
  'employeeName',
  'email',
  'department',
  'tripDate',
  'amount',
  'category',
  'receiptAttached',
  'notes',
]);

/** The expense form's fields exactly as they currently read on screen (the draft). */
export const expenseFieldsSchema = z.strictObject({
  employeeName: z.string().max(1000),
  email: z.string().max(1000),
  /** Empty until a department is chosen. */
  department: z.union([z.literal(''), departmentSchema]),
  /** Empty while the date field is blank or incomplete. */
  tripDate: dateFieldSchema,
  /** The amount as typed, before parsing: `"1,249.99"`, `"$45"`. */
  amount: z.string().max(1000),
  /** Empty until a category radio is chosen. */
  category: z.union([z.literal(''), expenseCategorySchema]),
  receiptAttached: z.boolean(),
  notes: z.string().max(10_000),
});
export type ExpenseFields = z.infer<typeof expenseFieldsSchema>;

/** A report as it was submitted (after the confirmation dialog), with text fields trimmed. */
export const expenseSubmissionSchema = z.strictObject({
  /** Shown to the person as "Reference number: EXP-123456". */
  reference: z.string().regex(/^EXP-\d{6}$/),
  employeeName: z.string().min(1).max(1000),
  email: z.string().min(1).max(1000),
  department: departmentSchema,
  tripDate: isoDateSchema,
  /** US dollars. */
  amount: z.number().positive(),
  category: expenseCategorySchema,
  receiptAttached: z.boolean(),
  /** Empty when no notes were given. */
  notes: z.string().max(10_000),
});
export type ExpenseSubmission = z.infer<typeof expenseSubmissionSchema>;

export const expenseReportStateSchema = z.strictObject({
  /** The page of the form on screen. */
  step: z.enum(['details', 'expense', 'review', 'submitted']),
  fields: expenseFieldsSchema,
  /** Validation messages currently shown inline, by field; a field without a message is absent. */
  errors: z.partialRecord(expenseFieldNameSchema, z.string().max(500)),
  /** Whether "I certify these expenses are accurate" is ticked. */
  certified: z.boolean(),
  /** Whether the Submit button on the review page is enabled. */
  submitEnabled: z.boolean(),
  /** Whether the "Submit expense report?" confirmation dialog is open. */
  confirmOpen: z.boolean(),
  /** How many times the confirmation dialog was closed without confirming (Cancel or Escape). */
  cancelledConfirmations: z.number().int().nonnegative(),
  /** Whether the surprise notice (`?surprise=1`) is open. */
  surpriseOpen: z.boolean(),
  /** Every report confirmed in this page load, oldest first; empty when none was submitted. */
  submissions: z.array(expenseSubmissionSchema).max(100),
});
export type ExpenseReportState = z.infer<typeof expenseReportStateSchema>;

export const machineStatusValueSchema = z.enum(['Running', 'Idle', 'Error', 'Maintenance']);
const machineNameSchema = z.string().min(1).max(64);

export const machineStatusStateSchema = z.strictObject({
  /** The Status filter; `All` shows every machine. */
  statusFilter: z.enum(['All', ...machineStatusValueSchema.options]),
  /** The text in "Search machines" (matches name or location, case-insensitively); empty when none. */
  search: z.string().max(500),
  /** The column the table is sorted by, as its header's `aria-sort` says. */
  sort: z.strictObject({
    column: z.enum(['name', 'location', 'status', 'temperature', 'lastUpdate']),
    direction: z.enum(['ascending', 'descending']),
  }),
  /** Names of the machines in the table, in displayed order (after filter, search and sort). */
  visible: z.array(machineNameSchema).max(200),
  /** Names of the machines whose row checkbox is ticked, in table order. */
  selected: z.array(machineNameSchema).max(200),
  /** The machine shown in the details panel; null when the panel is empty. */
  details: machineNameSchema.nullable(),
  /** Whether the "Restart machines?" confirmation dialog is open. */
  confirmOpen: z.boolean(),
  /** How many times the restart dialog was closed without confirming (Cancel or Escape). */
  cancelledConfirmations: z.number().int().nonnegative(),
  /** Whether the surprise notice (`?surprise=1`) is open. */
  surpriseOpen: z.boolean(),
  /** Every machine a confirmed restart was sent to, in the order of confirmation; empty when none. */
  restarted: z.array(machineNameSchema).max(1000),
  /** Current status of every machine, by name (a restarted machine reads Running). */
  statuses: z.record(machineNameSchema, machineStatusValueSchema),
});
export type MachineStatusState = z.infer<typeof machineStatusStateSchema>;

export const salesMetricSchema = z.enum(['Revenue', 'Units', 'Profit']);
export const salesRegionSchema = z.enum(['All regions', 'North', 'South', 'East', 'West']);
export const salesSeriesSchema = z.enum(['Hardware', 'Software', 'Services', 'Support']);

const salesControlsSchema = z.strictObject({
  metric: salesMetricSchema,
  region: salesRegionSchema,
  /** Start of the date range; empty means from the first month with data. */
  from: dateFieldSchema,
  /** End of the date range; empty means up to the last month with data. */
  to: dateFieldSchema,
  /** Ticked series checkboxes, in the order of the checkboxes. */
  series: z.array(salesSeriesSchema).max(4),
});

/** What the charts show: the controls as they were when Apply was last pressed. */
export const salesViewSchema = salesControlsSchema.extend({
  from: z.union([z.literal(''), isoDateSchema]),
  to: z.union([z.literal(''), isoDateSchema]),
  series: z.array(salesSeriesSchema).min(1).max(4),
});
export type SalesView = z.infer<typeof salesViewSchema>;

export const salesExportSchema = salesViewSchema.extend({
  fileName: z.string().min(1).max(200),
  /** Data rows in the file (one per month in the range). */
  rows: z.number().int().nonnegative(),
});
export type SalesExport = z.infer<typeof salesExportSchema>;

export const salesChartsStateSchema = z.strictObject({
  /** The controls as they read now, applied or not. */
  controls: salesControlsSchema,
  applied: salesViewSchema,
  /** Whether the Apply button is enabled (the controls are valid). */
  applyEnabled: z.boolean(),
  /** Validation messages shown next to the controls; absent when the control is valid. */
  errors: z.partialRecord(z.enum(['from', 'to', 'series']), z.string().max(500)),
  /** The headline figure for the applied view. */
  summary: z.strictObject({
    /** "Total revenue", "Total units" or "Total profit". */
    label: z.string().max(100),
    /** In US dollars for revenue and profit, in items for units. */
    total: z.number().finite(),
    /** Exactly as displayed: "Total revenue: 1,234,500". */
    text: z.string().max(200),
    /** Months in the applied range. */
    months: z.number().int().min(0).max(12),
  }),
  /** Every CSV export made in this page load, oldest first; empty when none. */
  exports: z.array(salesExportSchema).max(100),
  /** Whether the surprise notice (`?surprise=1`) is open. */
  surpriseOpen: z.boolean(),
});
export type SalesChartsState = z.infer<typeof salesChartsStateSchema>;

/** The state each app reports, by scenario name. */
export const scenarioStateSchemas = {
  'expense-report': expenseReportStateSchema,
  'machine-status': machineStatusStateSchema,
  'sales-charts': salesChartsStateSchema,
} as const satisfies Record<ScenarioName, z.ZodType>;

/** What an app POSTs: its state and a counter that grows with every report from one page load. */
export const stateReportSchema = z.strictObject({
  seq: z.number().int().positive(),
  state: z.unknown(),
});
