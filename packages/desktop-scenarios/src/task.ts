import type { DocumentFormat } from '@sandpiper/protocol';

/** The desktop scenarios: one LibreOffice document each. */
export type DesktopScenarioName = 'incident-sheet' | 'sensor-log' | 'site-report';

/** The file format a scenario's document is prepared and saved in. */
export type { DocumentFormat };

/** A verdict on the files a session left behind. */
export interface DesktopCheckResult {
  /** True when the saved file shows the task done as asked (or, for `clarify` tasks, left as it was). */
  readonly ok: boolean;
  /** One line saying which conditions held or failed, with the values seen. */
  readonly detail: string;
}

/** One instruction to carry out on a desktop document, with a check on the saved file afterwards. */
export interface DesktopTask {
  /** Stable and unique across all tasks: `incident-sheet/sort-by-severity`. */
  readonly id: string;
  readonly scenario: DesktopScenarioName;
  /** The instruction in plain language, as a person would type it. */
  readonly instruction: string;
  /**
   * `success`: the instruction can be carried out as written. `clarify`: it is ambiguous (two
   * readings are plausible) or impossible (what it names is not in the document); an agent should
   * ask, and the check passes only when the document was left as it was.
   */
  readonly expect: 'success' | 'clarify';
  /** The format the document is prepared in; pass it to `prepareDesktopScenario`. */
  readonly format: DocumentFormat;
  /**
   * Saving in `format` makes LibreOffice ask whether to keep it or switch to OpenDocument (the
   * "Keep current format" dialog); the task is done only if the answer keeps it.
   */
  readonly keepFormatDialog: boolean;
  /**
   * Judge the files in the session directory `dir` (the one `prepareDesktopScenario` filled).
   * Reads only what is saved on disk: a change still open in LibreOffice does not count. Never
   * throws for a missing or broken file; that is a failed verdict.
   */
  check(dir: string): Promise<DesktopCheckResult>;
}
