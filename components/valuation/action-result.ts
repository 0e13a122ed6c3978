/**
 * Turns a server action's `{ ok, data } | { ok: false, error }` result into data or a thrown ActionFailure, which is
 * what react-query expects from a query or mutation function. The error keeps the words the server chose for people.
 */

export interface ActionErrorInfo {
  code: string;
  message: string;
  retryable: boolean;
}

export type ActionOutcome<T> = { ok: true; data: T } | { ok: false; error: ActionErrorInfo };

export class ActionFailure extends Error {
  readonly code: string;
  readonly retryable: boolean;

  constructor(info: ActionErrorInfo) {
    super(info.message);
    this.name = "ActionFailure";
    this.code = info.code;
    this.retryable = info.retryable;
  }
}

export function unwrapAction<T>(result: ActionOutcome<T>): T {
  if (result.ok) return result.data;
  throw new ActionFailure(result.error);
}

const UNREACHABLE: ActionErrorInfo = {
  code: "DASHBOARD_UNREACHABLE",
  message: "The dashboard's server did not answer. Check your connection, then try again.",
  retryable: true,
};

/** What went wrong, in words: an ActionFailure as the server described it, anything else as a lost connection. */
export function describeFailure(error: unknown): ActionErrorInfo {
  if (error instanceof ActionFailure) return { code: error.code, message: error.message, retryable: error.retryable };
  return UNREACHABLE;
}
