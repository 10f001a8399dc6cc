import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';

describe('sandpiper run on a built-in scenario', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sandpiper-cli-run-'));
  let runId = '';

  it('runs the default task end to end, prints plan and progress, and writes a report', async () => {
    const result = await runCli(['run', '--scenario', 'expense-report', '--yes', '--data-dir', dataDir]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/Plan v1 \(draft, initial\)/);
    expect(result.stdout).toMatch(/▶ Step 1\/\d+: /);
    expect(result.stdout).toMatch(/Typing '.+' into /);
    expect(result.stdout).toContain('Result: succeeded');
    runId = /Run (r\S+) on /.exec(result.stdout)![1]!;
    const html = /Report: (\S+report\.html)/.exec(result.stdout)![1]!;
    expect(existsSync(html)).toBe(true);
    const page = readFileSync(html, 'utf8');
    expect(page).toContain('Plan versions');
    expect(page).toMatch(/<img alt="Screen after step 1" src="data:image\/png;base64,/);
    const report = JSON.parse(readFileSync(html.replace(/\.html$/, '.json'), 'utf8'));
    expect(report.status).toBe('succeeded');
    expect(report.steps.every((step: { status: string }) => step.status === 'completed')).toBe(true);
  });

  it('lists and shows the run after the process has exited', async () => {
    const list = await runCli(['runs', '--data-dir', dataDir]);
    expect(list.code).toBe(0);
    expect(list.stdout).toContain(runId);
    expect(list.stdout).toContain('succeeded');
    const show = await runCli(['show', runId.slice(0, 12), '--data-dir', dataDir]);
    expect(show.code).toBe(0);
    expect(show.stdout).toContain(`Run ${runId} — succeeded`);
    expect(show.stdout).toMatch(/1\. \[completed\] /);
    const resume = await runCli(['resume', runId, '--data-dir', dataDir]);
    expect(resume.stdout).toContain('already ended (succeeded)');
  });

  it('stops and asks, exiting non-zero, when the task has a clause it cannot parse', async () => {
    const result = await runCli([
      'run',
      "type 'Ada' into the 'Employee name' field and make the report look professional",
      '--scenario',
      'expense-report',
      '--yes',
      '--data-dir',
      dataDir,
    ]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('not understood: "make the report look professional"');
    expect(result.stdout).toContain('Result: needs-input');
    expect(result.stdout).not.toContain('Typing');
  });

  it('does not act without approval when nobody is there to approve', async () => {
    const result = await runCli(['run', '--scenario', 'expense-report', '--data-dir', dataDir]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('Result: needs-input');
    expect(result.stdout).not.toContain('Typing');
  });
});
