import type { FieldSchema } from '../../shared/resource/schema-check';

/** A contract schema of a whole body, read for the issues it finds and where. */
interface BodySchema {
  safeParse: (value: unknown) => { success: boolean; error?: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
}

/**
 * The contract's word on one field, judged within the whole body the form would send: for a rule
 * that reads two fields (a 后付 merchant's 透支额度, a password only checked when typed), so the
 * form says it under that field in the server's own words.
 */
export const fieldInBody = (schema: BodySchema, body: () => unknown, field: string): FieldSchema => ({
  safeParse: () => {
    const issues = schema.safeParse(body()).error?.issues.filter((issue) => issue.path.join('.') === field) ?? [];
    return issues.length > 0 ? { success: false, error: { issues } } : { success: true };
  },
});
