/** A LIKE/ILIKE pattern matching `text` anywhere, with the user's own % _ \ taken literally. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A LIKE/ILIKE pattern matching text that starts with `text`, escaped the same way. */
export const prefixPattern = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
