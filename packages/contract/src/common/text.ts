/**
 * The one rule every text that enters the product keeps, whatever its field: no NUL character
 * (PostgreSQL cannot store it) and no unpaired UTF-16 surrogate (it is not text in any encoding).
 * The server holds every body, query and path to it (plugins/input-text.ts); it lives here so the
 * console's forms can check the same rule before sending.
 */

export const textMessages = {
  nul: '不能包含空字符（\\u0000）',
  surrogate: '含有无效的字符（不成对的 Unicode 代理项）',
  tooDeep: '嵌套层级过深',
} as const;

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** What is wrong with a text, or undefined when it may be stored. */
export const textProblem = (value: string): string | undefined => {
  if (value.includes('\u0000')) return textMessages.nul;
  return loneSurrogate.test(value) ? textMessages.surrogate : undefined;
};

/** No request the product serves nests deeper than this; tariff rules, the deepest, use six levels. */
export const maxInputDepth = 16;

export interface TextFault {
  /** where it is: object keys and array indexes from the top, e.g. ['rules', 'schedule', 'workday', 0] */
  path: (string | number)[];
  problem: string;
}

/**
 * The first text in a parsed input (its strings and its object keys) that breaks the rule, or an input
 * nested deeper than `maxInputDepth`. Walks without recursion, so no input can exhaust the stack.
 */
export const findTextFault = (input: unknown): TextFault | undefined => {
  const pending: { value: unknown; path: (string | number)[] }[] = [{ value: input, path: [] }];
  while (pending.length > 0) {
    const { value, path } = pending.pop()!;
    if (typeof value === 'string') {
      const problem = textProblem(value);
      if (problem) return { path, problem };
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (path.length >= maxInputDepth) return { path, problem: textMessages.tooDeep };
    if (Array.isArray(value)) {
      value.forEach((item, index) => pending.push({ value: item, path: [...path, index] }));
      continue;
    }
    for (const [key, item] of Object.entries(value)) {
      const problem = textProblem(key);
      if (problem) return { path: [...path, key], problem: `字段名${problem}` };
      pending.push({ value: item, path: [...path, key] });
    }
  }
  return undefined;
};
