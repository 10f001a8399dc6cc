import type { Locator, Page } from 'playwright-core';
import { parseInstruction, type Command } from './instruction-grammar.js';
import { waitForSync } from './browser.js';

/**
 * Carry out a task's instruction with Playwright locators, clause by clause, the way a careful
 * person would: find the control by its label or role, then click, type or choose. Throws when a
 * clause is outside the grammar or its target is missing.
 */
export async function replayInstruction(page: Page, instruction: string): Promise<void> {
  for (const { clause, command } of parseInstruction(instruction)) {
    if (command === undefined) throw new Error(`Clause outside the grammar: "${clause}"`);
    await perform(page, command);
  }
  await waitForSync(page);
}

async function firstVisible(candidates: readonly Locator[], what: string): Promise<Locator> {
  for (const candidate of candidates) {
    if ((await candidate.count()) === 1 && (await candidate.isVisible())) return candidate;
  }
  throw new Error(`No single visible target for ${what}`);
}

function clickTarget(page: Page, target: string, role: string | undefined): Promise<Locator> {
  if (role === 'header' || role === 'column header') {
    return firstVisible([page.getByRole('columnheader', { name: target, exact: true }).getByRole('button')], target);
  }
  if (role !== undefined) {
    const ariaRole = role as 'button' | 'link' | 'tab' | 'checkbox' | 'radio';
    return firstVisible([page.getByRole(ariaRole, { name: target, exact: true })], `${target} ${role}`);
  }
  return firstVisible(
    [
      page.getByRole('button', { name: target, exact: true }),
      page.getByRole('link', { name: target, exact: true }),
      page.getByText(target, { exact: true }),
    ],
    target,
  );
}

async function perform(page: Page, command: Command): Promise<void> {
  switch (command.kind) {
    case 'open':
      await page.goto(new URL(command.target, page.url()).href);
      return;
    case 'click':
      await (await clickTarget(page, command.target, command.role)).click();
      return;
    case 'type':
      // Click, then type key by key, as an agent does: date fields only take typed text this way.
      await page.getByLabel(command.field, { exact: true }).click();
      await page.keyboard.type(command.text);
      return;
    case 'select':
      await page.getByLabel(command.field, { exact: true }).selectOption({ label: command.option });
      return;
    case 'choose':
      await page.getByRole('radio', { name: command.option, exact: true }).click();
      return;
    case 'check':
      await page.getByRole('checkbox', { name: command.target, exact: true }).setChecked(command.checked);
      return;
    case 'press':
      await page.keyboard.press(command.key === 'Control+A' ? 'Control+a' : command.key);
      return;
    case 'scroll':
      if (command.direction === 'bottom') await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      else await page.mouse.wheel(0, command.direction === 'down' ? 600 : -600);
      return;
    case 'wait':
      return;
    case 'wait-for':
      await page.getByText(command.text).first().waitFor({ state: 'visible' });
      return;
  }
}
