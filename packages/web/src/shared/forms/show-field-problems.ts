import type { EndpointSchema, FieldProblem, RequestPart } from '@parking/contract';
import type { FormInstance } from 'antd';
import { refusedTitle, notifyDuration } from '../http/error-catalogue';
import { getFeedback } from '../feedback/feedback-holder';

/**
 * What the contract's schema refuses in a value about to be sent, as the server would say it: so a
 * form stops before the request and shows the same Chinese message under the same field.
 */
export function contractProblems(schema: EndpointSchema | undefined, value: unknown, part: RequestPart): FieldProblem[] {
  if (!schema) return [];
  const result = schema.safeParse(value);
  if (result.success) return [];
  return result.error.issues.map((issue) => ({ in: part, field: issue.path.map(String).join('.'), message: issue.message }));
}

/** The form field a refused field belongs to: itself, else the list or object it is part of (plates.1 → plates). */
const ownerOf = (field: string, known: ReadonlySet<string>): string | undefined => {
  const segments = field.split('.');
  for (let length = segments.length; length > 0; length--) {
    const candidate = segments.slice(0, length).join('.');
    if (known.has(candidate)) return candidate;
  }
  return undefined;
};

/**
 * Shows each refused field's message under its input (scrolled into view) and answers the ones the
 * form has no input for. `nameOf` maps a request's field to the form's name when the form calls it
 * otherwise (a fen amount sent for a yuan input).
 */
export function placeFieldProblems(form: FormInstance, problems: readonly FieldProblem[], nameOf: (field: string) => string = (field) => field): FieldProblem[] {
  const names = new Map(form.getFieldsError().map(({ name }) => [name.join('.'), name] as const));
  const known = new Set(names.keys());
  const placed = new Map<string, string[]>();
  const unplaced: FieldProblem[] = [];
  for (const problem of problems) {
    const owner = ownerOf(nameOf(problem.field), known);
    if (owner === undefined) unplaced.push(problem);
    else placed.set(owner, [...(placed.get(owner) ?? []), problem.message]);
  }
  form.setFields([...placed].map(([owner, errors]) => ({ name: names.get(owner)!, errors: [...new Set(errors)] })));
  const first = placed.keys().next();
  if (!first.done) form.scrollToField(names.get(first.value)!, { block: 'center' });
  return unplaced;
}

/** Refused fields no input shows, said in a notification in their own words (never the request's keys). */
export function reportUnplaced(problems: readonly FieldProblem[]): void {
  if (problems.length === 0) return;
  getFeedback().notification.error({ title: refusedTitle, description: [...new Set(problems.map((problem) => problem.message))].join('；'), duration: notifyDuration });
}

/** Both: under the inputs where the form has them, in a notification otherwise. */
export function showFieldProblems(form: FormInstance, problems: readonly FieldProblem[], nameOf?: (field: string) => string): void {
  reportUnplaced(placeFieldProblems(form, problems, nameOf));
}
