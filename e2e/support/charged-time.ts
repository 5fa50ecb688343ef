/**
 * The last 12:00 in Shanghai that is already past. A stay of an hour or two ending then lies in the
 * daytime hours the seeded road tariffs charge for; at night they charge little or nothing, and a
 * test that needs a stay to owe money must not depend on the hour the suite runs.
 */
export const lastNoonInShanghai = (now = Date.now()): Date => {
  const shanghaiDay = new Date(now + 8 * 3_600_000).toISOString().slice(0, 10);
  const noon = new Date(`${shanghaiDay}T12:00:00+08:00`);
  return noon.getTime() <= now ? noon : new Date(noon.getTime() - 86_400_000);
};
