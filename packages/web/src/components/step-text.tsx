import { useMemo } from 'react';
import { splitStepText } from '../lib/action-words.js';

/** A step's full text with its action verbs in bold and its quoted targets set apart. */
export function StepText({ text, muted = false }: { text: string; muted?: boolean }) {
  const segments = useMemo(() => splitStepText(text), [text]);
  return (
    <span className={muted ? 'text-stone-500' : 'text-stone-800'}>
      {segments.map((segment, index) =>
        segment.kind === 'action' ? (
          <strong
            key={index}
            data-action-word
            className={`font-semibold ${muted ? 'text-stone-600' : 'text-stone-950'}`}
          >
            {segment.text}
          </strong>
        ) : segment.kind === 'quote' ? (
          <span key={index} className={muted ? 'text-stone-600' : 'font-medium text-teal-800'}>
            {segment.text}
          </span>
        ) : (
          <span key={index}>{segment.text}</span>
        ),
      )}
    </span>
  );
}
