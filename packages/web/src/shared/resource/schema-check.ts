import type { FormRule } from 'antd';

/** Any contract schema: only its parse result is read, so the web needs no zod of its own. */
export interface FieldSchema {
  safeParse: (value: unknown) => { success: boolean; error?: { issues: ReadonlyArray<{ message: string }> } };
}

const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * The contract schema's first Chinese message for a value, or undefined when it passes, so the
 * form says exactly what the server would. A blank passes: whether one is allowed is the
 * `required` rule's to say, once.
 */
export const schemaCheck =
  (schema: FieldSchema) =>
  (value: unknown): string | undefined => {
    if (isBlank(value)) return undefined;
    const result = schema.safeParse(value);
    return result.success ? undefined : (result.error?.issues[0]?.message ?? '格式不正确');
  };

/** A contract checker (checkMobile, checkEmail, schemaCheck(…)) as a form rule. */
export const checkRule = (check: (value: string | undefined) => string | undefined): FormRule => ({
  validator: async (_rule, value: string | undefined) => {
    const problem = check(value);
    if (problem) throw new Error(problem);
  },
});

/** A form rule that checks the field with the contract's own schema; blanks are left to `required`. */
export const schemaRule = (schema: FieldSchema): FormRule => checkRule(schemaCheck(schema));

/** The schema speaks for a blank too, for forms whose schema itself says what is required (字典). */
export const schemaRuleWithBlank = (schema: FieldSchema): FormRule => ({
  validator: async (_rule, value: unknown) => {
    const result = schema.safeParse(value ?? '');
    if (!result.success) throw new Error(result.error?.issues[0]?.message ?? '格式不正确');
  },
});
