/**
 * The built-in scenarios a run can act on. The API has no endpoint listing them, so the names are
 * kept here; they must match the server's `scenarioNames`.
 */
export const builtInScenarios = [
  {
    name: 'expense-report',
    title: 'Expense report',
    description: 'A three-page expense form with a certification step.',
  },
  {
    name: 'machine-status',
    title: 'Machine status',
    description: 'A dashboard of machines with filters and row actions.',
  },
  { name: 'sales-charts', title: 'Sales charts', description: 'Sales charts with views, ranges and an export.' },
] as const;

/** Who approves plans and sensitive actions, in the words the UI uses. */
export const approvalModes = [
  { value: 'ask', label: 'Ask me', description: 'You approve plans and sensitive actions.' },
  { value: 'auto', label: 'Auto plans', description: 'Plans are approved for you; sensitive actions still ask.' },
  { value: 'auto-all', label: 'Autonomous', description: 'Nothing asks; you can still pause and steer.' },
] as const;

export function approvalModeLabel(mode: string | undefined): string {
  return approvalModes.find((entry) => entry.value === mode)?.label ?? '—';
}
