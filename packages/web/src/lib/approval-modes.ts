/** Who approves plans and sensitive actions, in the words the UI uses. */
export const approvalModes = [
  { value: 'ask', label: 'Ask me', description: 'You approve plans and sensitive actions.' },
  { value: 'auto', label: 'Auto plans', description: 'Plans are approved for you; sensitive actions still ask.' },
  { value: 'auto-all', label: 'Autonomous', description: 'Nothing asks; you can still pause and steer.' },
] as const;

export function approvalModeLabel(mode: string | undefined): string {
  return approvalModes.find((entry) => entry.value === mode)?.label ?? '—';
}
