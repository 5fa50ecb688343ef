/** An error and the errors it wraps: drizzle's `cause` and Node's AggregateError (a failed connection to each address). */
export const errorCauses = (error: unknown, depth = 0): unknown[] => {
  if (!(error instanceof Error) || depth > 4) return [];
  const nested: unknown[] = error instanceof AggregateError ? error.errors : [];
  return [error, ...errorCauses(error.cause, depth + 1), ...nested.flatMap((inner) => errorCauses(inner, depth + 1))];
};

/** The SQLSTATE (or Node's error code) of one error. */
export const sqlState = (error: unknown) => (error as { code?: unknown }).code;

/** Whether the error, or one it wraps, has one of these SQLSTATEs. */
export const hasSqlState = (error: unknown, ...codes: string[]) =>
  errorCauses(error).some((cause) => {
    const code = sqlState(cause);
    return typeof code === 'string' && codes.includes(code);
  });

/** A unique index refused the row (23505): two writers raced, or the row exists already. */
export const isUniqueViolation = (error: unknown) => hasSqlState(error, '23505');
