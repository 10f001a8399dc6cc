import type { FieldIssue } from '@sandpiper/protocol';

/**
 * What the client adds to the contract in `@sandpiper/protocol` (`apiRoutes`): the shape of an
 * answer it could not use. Every other type the UI reads comes from the protocol's schemas.
 */
export type {
  CreateRunRequestInput as CreateRunRequest,
  FieldIssue,
  RunCommandName,
  RunControl,
  RunListItem,
  RunSummaryWire as RunSummary,
  RunView,
  StoredRunStatus,
  StreamMessage,
} from '@sandpiper/protocol';

/** A request the server refused, could not answer, or answered outside the contract. */
export interface ApiError {
  readonly ok: false;
  /** HTTP status; 0 when the server could not be reached at all. */
  readonly status: number;
  /** One sentence for the person. */
  readonly error: string;
  /** The failing fields, for validation errors. */
  readonly issues?: readonly FieldIssue[];
}

export type ApiResult<T> = { readonly ok: true; readonly value: T } | ApiError;
