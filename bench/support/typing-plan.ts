/**
 * The plan answer of the long typing runs the model benchmarks drive (context-size, model-cost):
 * one step per value, alternating between the expense-report app's 'Employee name' and 'Email'
 * fields, with the last value of each field as an exact success criterion. As JSON, the way the
 * scripted planner answers.
 */
export function alternatingTypingPlan(stepCount: number): string {
  const fields = Array.from({ length: stepCount }, (_, index) =>
    index % 2 === 0
      ? { field: 'Employee name', value: `Dana Whitfield ${index + 1}` }
      : { field: 'Email', value: `dana${index + 1}@example.com` },
  );
  const last = (field: string) => fields.filter((entry) => entry.field === field).at(-1)!;
  return JSON.stringify({
    decision: 'plan',
    analysis: 'Type each value into its field in turn; the last two values must remain.',
    constraints: ['Do not submit the form.'],
    successCriteria: ['Employee name', 'Email'].map((field) => ({
      kind: 'field-value',
      text: `The '${field}' field shows '${last(field).value}'`,
      target: field,
      targetRole: 'field',
      value: last(field).value,
      exact: true,
    })),
    steps: fields.map(({ field, value }) => ({
      text: `Type '${value}' into the '${field}' field`,
      expectedOutcome: `The '${field}' field shows '${value}'`,
    })),
  });
}
