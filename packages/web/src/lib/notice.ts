import type { ApiError } from '../api/api-types.js';

/** A message for the person: a refused request with its reason, or a short confirmation. */
export interface Notice {
  readonly id: number;
  readonly tone: 'error' | 'info';
  readonly title: string;
  /** The refusal, with the fields it names; absent for confirmations. */
  readonly error?: ApiError;
}

/** Show a notice; the stack gives it its id. */
export type PushNotice = (notice: Omit<Notice, 'id'>) => void;
