import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: 43 characters. */
export const newToken = (): string => randomBytes(32).toString('base64url');

export const tokenHash = (token: string): string => createHash('sha256').update(token).digest('hex');

export const looksLikeToken = (token: string): boolean => /^[A-Za-z0-9_-]{43}$/.test(token);

/** Accepts both `Authorization: <token>` (the console) and `Authorization: Bearer <token>`. */
export const tokenFromHeader = (header: string | undefined): string | undefined => {
  if (!header) return undefined;
  const value = header.trim();
  return value.toLowerCase().startsWith('bearer ') ? value.slice(7).trim() : value;
};
