import type { Handle, Operator, OperatorDecision, OperatorInput } from '@sandpiper/core';
import { throwIfCancelled } from '@sandpiper/core';
import type { Directive } from '../grammar/index.js';
import { directiveOfStep, understoodForms } from '../grammar/index.js';
import type { ScreenReader } from '../screen/screen-reader.js';
import type { DecisionContext } from './context.js';
import { decideClear, decideSelect, decideType } from './field-steps.js';
import { decideOpen, decidePress, decideScroll, decideScrollTo, decideWait, decideWaitFor } from './page-steps.js';
import { decideChoose, decidePointer, decideSetChecked } from './pointer-steps.js';
import {
  decideCommand,
  decideConfirm,
  decideDisclosure,
  decideDismiss,
  decideFind,
  decideGoTo,
  decidePick,
  decideSearch,
  decideSet,
  decideToggle,
} from './intent-steps.js';

function decideDirective(context: DecisionContext, directive: Directive): OperatorDecision | Promise<OperatorDecision> {
  switch (directive.kind) {
    case 'open':
      return decideOpen(context, directive);
    case 'click':
    case 'double-click':
    case 'hover':
      return decidePointer(context, directive);
    case 'type':
      return decideType(context, directive);
    case 'clear':
      return decideClear(context, directive);
    case 'select':
      return decideSelect(context, directive);
    case 'choose':
      return decideChoose(context, directive);
    case 'check':
    case 'uncheck':
      return decideSetChecked(context, directive);
    case 'press':
      return decidePress(context, directive);
    case 'scroll':
      return decideScroll(context, directive);
    case 'scroll-to':
      return decideScrollTo(context, directive);
    case 'wait':
      return decideWait(context, directive);
    case 'wait-for':
      return decideWaitFor(context, directive);
    case 'pick':
      return decidePick(context, directive);
    case 'toggle':
      return decideToggle(context, directive);
    case 'set':
      return decideSet(context, directive);
    case 'expand':
    case 'collapse':
      return decideDisclosure(context, directive);
    case 'dismiss':
      return decideDismiss(context, directive);
    case 'confirm':
      return decideConfirm(context, directive);
    case 'search':
      return decideSearch(context, directive);
    case 'find':
      return decideFind(context, directive);
    case 'go-to':
      return decideGoTo(context, directive);
    case 'command':
      return decideCommand(context, directive);
  }
}

/**
 * The rules operator. It is stateless: every call re-reads the step's current text (people may
 * have edited it) and works out from `input.performed` how far the attempt has got.
 *
 * Protocol with the agent loop, per attempt at a step:
 * 1. The loop calls `decide` with `performed` empty.
 * 2. On `act`, the loop performs the actions in order, appends each to `performed` (stopping at
 *    the first that fails), observes a fresh screen and calls `decide` again with it.
 * 3. Once the actions that carry out the step appear in `performed` (the click on the target, the
 *    typed text, the Enter that commits a select option, the key chord, the scrolls, the wait...),
 *    `decide` returns `step-complete` without acting again, and the loop runs the reflector's
 *    check on the screens before and after. Actions that only prepare the step (scrolling a target
 *    into view, looking for it further down, waiting for it to become enabled, opening a custom
 *    dropdown) do not complete it, and each kind is bounded: at most 3 search scrolls, 2 enable
 *    waits and 12 polls for text, after which `decide` returns `fail` naming the target.
 * 4. `step-complete` also comes first, with no action, when the screen already shows the wanted
 *    state: a checkbox already (un)checked, a radio already chosen, a field or select already
 *    holding the value, text already visible.
 * 5. Step text the grammar cannot read yields `clarify`, never a guess.
 *
 * A new attempt starts with `performed` empty, so a retry carries the step out again.
 */
export function createRulesOperator(reader: ScreenReader): Operator {
  return {
    async decide(handle: Handle, input: OperatorInput): Promise<OperatorDecision> {
      throwIfCancelled(handle);
      const directive = directiveOfStep(input.step);
      if (directive === undefined) {
        return {
          type: 'clarify',
          question:
            `I cannot carry out the step "${input.step.text}" because I do not understand it. ` +
            `Could you rewrite it as an action on something on the screen, for example ${understoodForms
              .slice(0, 4)
              .map((form) => `"${form}"`)
              .join(', ')}?`,
        };
      }
      return decideDirective({ handle, reader, input, screen: input.screen }, directive);
    },
  };
}
