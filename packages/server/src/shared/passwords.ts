import { createHash } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** OWASP's argon2id floor: 19 MiB, 2 passes. Input is the client's MD5 hex, never the typed text. */
const argon2Options = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (clientMd5: string): Promise<string> => hash(clientMd5, argon2Options);

export const verifyPassword = async (storedHash: string, clientMd5: string): Promise<boolean> => {
  try {
    return await verify(storedHash, clientMd5);
  } catch {
    return false;
  }
};

/** What the console sends for a typed password: its lower-case hex MD5, never the text. */
export const md5Hex = (text: string): string => createHash('md5').update(text, 'utf8').digest('hex');

/** Verifying against this keeps an unknown account as slow as a known one. */
let decoyHash: Promise<string> | undefined;
export const decoyPasswordHash = (): Promise<string> => (decoyHash ??= hashPassword(md5Hex('decoy-password')));
