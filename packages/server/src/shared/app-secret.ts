import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { appSecrets } from '../db/schema/index.js';

/**
 * The server's own secret called `name`: made at random by whichever process asks first and read
 * back by every other, so API processes sharing one database agree on it across restarts.
 */
export const appSecret = async (db: Db, name: string): Promise<string> => {
  await db
    .insert(appSecrets)
    .values({ name, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, name));
  return row!.value;
};
