import type { Action } from '@sandpiper/protocol';

/** A past-tense line for people: "Clicked at (412, 230)", "Typed "Ada"", "Pressed Control+A". */
export function describeAction(action: Action): string {
  switch (action.type) {
    case 'click':
      return `${action.count === 2 ? 'Double-clicked' : action.button === 'right' ? 'Right-clicked' : 'Clicked'} at ${point(action.at)}`;
    case 'double-click':
      return `Double-clicked at ${point(action.at)}`;
    case 'move':
      return `Moved the pointer to ${point(action.to)}`;
    case 'drag':
      return `Dragged from ${point(action.from)} to ${point(action.to)}`;
    case 'scroll':
      return `Scrolled ${action.deltaY >= 0 ? 'down' : 'up'} ${Math.abs(Math.round(action.deltaY))} px`;
    case 'type':
      return `Typed "${action.text.length > 60 ? `${action.text.slice(0, 57)}…` : action.text}"`;
    case 'key':
      return `Pressed ${action.keys.join('+')}`;
    case 'hold-and-press':
      return `Held ${action.hold.join('+')} and pressed ${action.press.join(', ')}`;
    case 'wait':
      return `Waited ${action.ms} ms`;
    case 'open':
      return `Opened ${action.target}`;
    case 'done':
      return `Declared the task done: ${action.summary}`;
    case 'fail':
      return `Gave up: ${action.reason}`;
    case 'tool-call':
      return `Used the ${action.tool} tool`;
  }
}

function point(at: { x: number; y: number }): string {
  return `(${Math.round(at.x)}, ${Math.round(at.y)})`;
}
