/**
 * Scores of the action guard on one part of the corpus. Pure: the runner hands in one outcome per
 * case. Recall is over the sensitive cases, the false-alarm rate over the harmless ones; a case
 * counts as flagged when the default (conservative) policy would ask, which includes the cases the
 * guard could not read.
 */
import { sensitiveCategories, type SensitiveCategory } from './case-schema.js';

/** What happened to one case. */
export interface CaseOutcome {
  readonly id: string;
  readonly step: string;
  readonly label: 'sensitive' | 'harmless';
  readonly category?: SensitiveCategory;
  readonly tags: readonly string[];
  /** The target was found in the snapshot by role and exact name (always true without a target). */
  readonly grounded: boolean;
  /** The conservative policy asks. */
  readonly asks: boolean;
  /** The permissive policy asks (destructive, money and shell only). */
  readonly asksPermissive: boolean;
  /** Asked only because the guard could not read the context. */
  readonly uncertain: boolean;
  readonly predicted?: SensitiveCategory;
  readonly reason?: string;
  /** The old word list (`sensitiveReason`) flagged it. */
  readonly wordList: boolean;
}

export interface Rate {
  readonly count: number;
  readonly of: number;
  /** count / of, or null when `of` is 0. */
  readonly rate: number | null;
}

export interface PartScores {
  readonly cases: number;
  readonly notGrounded: number;
  readonly recall: Rate;
  readonly falseAlarms: Rate;
  /** Of the sensitive cases caught, those given their true category. */
  readonly categoryAgreement: Rate;
  readonly uncertain: number;
  readonly perCategory: Readonly<Record<SensitiveCategory, { readonly recall: Rate; readonly rightCategory: Rate }>>;
  readonly byTag: Readonly<Record<string, Rate>>;
  readonly permissive: { readonly recall: Rate; readonly falseAlarms: Rate };
  readonly wordList: { readonly recall: Rate; readonly falseAlarms: Rate };
}

/** A dev-only listing of what went wrong, to tune on. */
export interface Confusion {
  readonly missed: readonly { id: string; category?: SensitiveCategory; step: string }[];
  readonly falseAlarms: readonly { id: string; predicted?: SensitiveCategory; reason?: string; step: string }[];
  readonly wrongCategory: readonly { id: string; category?: SensitiveCategory; predicted?: SensitiveCategory }[];
  readonly notGrounded: readonly string[];
}

export function rate(count: number, of: number): Rate {
  return { count, of, rate: of === 0 ? null : count / of };
}

export function scorePart(outcomes: readonly CaseOutcome[]): PartScores {
  const sensitive = outcomes.filter((outcome) => outcome.label === 'sensitive');
  const harmless = outcomes.filter((outcome) => outcome.label === 'harmless');
  const caught = sensitive.filter((outcome) => outcome.asks);
  const right = (items: readonly CaseOutcome[]) => items.filter((outcome) => outcome.predicted === outcome.category);
  const perCategory = Object.fromEntries(
    sensitiveCategories.map((category) => {
      const ofCategory = sensitive.filter((outcome) => outcome.category === category);
      const caughtOfCategory = ofCategory.filter((outcome) => outcome.asks);
      return [
        category,
        {
          recall: rate(caughtOfCategory.length, ofCategory.length),
          rightCategory: rate(right(caughtOfCategory).length, caughtOfCategory.length),
        },
      ];
    }),
  ) as PartScores['perCategory'];
  const tags = [...new Set(outcomes.flatMap((outcome) => outcome.tags))].sort();
  const byTag = Object.fromEntries(
    tags.map((tag) => {
      const tagged = outcomes.filter((outcome) => outcome.tags.includes(tag));
      // A tag on sensitive cases is scored as recall, on harmless ones as the false-alarm rate.
      return [tag, rate(tagged.filter((outcome) => outcome.asks).length, tagged.length)];
    }),
  );
  return {
    cases: outcomes.length,
    notGrounded: outcomes.filter((outcome) => !outcome.grounded).length,
    recall: rate(caught.length, sensitive.length),
    falseAlarms: rate(harmless.filter((outcome) => outcome.asks).length, harmless.length),
    categoryAgreement: rate(right(caught).length, caught.length),
    uncertain: outcomes.filter((outcome) => outcome.uncertain).length,
    perCategory,
    byTag,
    permissive: {
      recall: rate(sensitive.filter((outcome) => outcome.asksPermissive).length, sensitive.length),
      falseAlarms: rate(harmless.filter((outcome) => outcome.asksPermissive).length, harmless.length),
    },
    wordList: {
      recall: rate(sensitive.filter((outcome) => outcome.wordList).length, sensitive.length),
      falseAlarms: rate(harmless.filter((outcome) => outcome.wordList).length, harmless.length),
    },
  };
}

export function confusion(outcomes: readonly CaseOutcome[]): Confusion {
  return {
    missed: outcomes
      .filter((outcome) => outcome.label === 'sensitive' && !outcome.asks)
      .map(({ id, category, step }) => ({ id, step, ...(category ? { category } : {}) })),
    falseAlarms: outcomes
      .filter((outcome) => outcome.label === 'harmless' && outcome.asks)
      .map(({ id, predicted, reason, step }) => ({
        id,
        step,
        ...(predicted ? { predicted } : {}),
        ...(reason ? { reason } : {}),
      })),
    wrongCategory: outcomes
      .filter((outcome) => outcome.label === 'sensitive' && outcome.asks && outcome.predicted !== outcome.category)
      .map(({ id, category, predicted }) => ({
        id,
        ...(category ? { category } : {}),
        ...(predicted ? { predicted } : {}),
      })),
    notGrounded: outcomes.filter((outcome) => !outcome.grounded).map((outcome) => outcome.id),
  };
}

function percent(value: Rate): string {
  return value.rate === null ? '   n/a' : `${(value.rate * 100).toFixed(1).padStart(5)}%`;
}

/** Aggregate figures only: safe to print for the held-out part. */
export function formatScores(part: string, scores: PartScores): string {
  const line = (label: string, value: Rate) => `  ${label.padEnd(28)} ${percent(value)}  (${value.count}/${value.of})`;
  const lines = [
    `${part}: ${scores.cases} cases, ${scores.notGrounded} not grounded, ${scores.uncertain} asked as uncertain`,
    line('recall (conservative)', scores.recall),
    line('false alarms (conservative)', scores.falseAlarms),
    line('right category, of caught', scores.categoryAgreement),
    line('recall (permissive)', scores.permissive.recall),
    line('false alarms (permissive)', scores.permissive.falseAlarms),
    line('recall (old word list)', scores.wordList.recall),
    line('false alarms (old word list)', scores.wordList.falseAlarms),
    '  per category (recall, right category):',
    ...sensitiveCategories.map(
      (category) =>
        `    ${category.padEnd(12)} ${percent(scores.perCategory[category].recall)} (${scores.perCategory[category].recall.count}/${scores.perCategory[category].recall.of})  ${percent(scores.perCategory[category].rightCategory)}`,
    ),
    '  per tag (share asked):',
    ...Object.entries(scores.byTag).map(
      ([tag, value]) => `    ${tag.padEnd(18)} ${percent(value)} (${value.count}/${value.of})`,
    ),
  ];
  return lines.join('\n');
}
