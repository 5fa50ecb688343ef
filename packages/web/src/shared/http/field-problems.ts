import { fieldProblems, type FieldProblem } from '@parking/contract';

/** The refused fields a failure's envelope lists (a 400 from the contract's checks, a name already taken), or none. */
export function fieldProblemsIn(body: unknown): FieldProblem[] {
  if (typeof body !== 'object' || body === null) return [];
  const parsed = fieldProblems.safeParse((body as { data?: unknown }).data);
  return parsed.success ? parsed.data.fields : [];
}
