/** gRPC status codes that Firestore's Admin SDK throws with (its errors' `code`). */
export const ALREADY_EXISTS = 6;
export const FAILED_PRECONDITION = 9;

const codeOf = (error: unknown) => Number((error as { code?: unknown } | null)?.code);

/** A create that found its document there. */
export const alreadyExists = (error: unknown): boolean => codeOf(error) === ALREADY_EXISTS;

/** A write that trying again would not change: its document was created, or changed, meanwhile. */
export const settledMeanwhile = (error: unknown): boolean =>
  codeOf(error) === ALREADY_EXISTS || codeOf(error) === FAILED_PRECONDITION;
