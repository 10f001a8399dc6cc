import { scanLiterals } from '@sandpiper/protocol';

/** The step text with every quoted `original` replaced by `replacement`; undefined when it has none. */
export function replaceLiteral(stepText: string, original: string, replacement: string): string | undefined {
  const spans = scanLiterals(stepText).filter((span) => span.text.toLowerCase() === original.toLowerCase());
  if (spans.length === 0) return undefined;
  let result = stepText;
  for (const span of [...spans].reverse()) {
    const quoteMark = stepText[span.start] ?? "'";
    const closing = stepText[span.end - 1] ?? quoteMark;
    result = `${result.slice(0, span.start)}${quoteMark}${replacement}${closing}${result.slice(span.end)}`;
  }
  return result;
}
