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

/** The lot rule that keeps a stay awaiting payment for a day before the arrears check (every minute) moves it to 欠费. */
export const awaitingForADay = { arrearsAfterMinutes: 1440 };

/**
 * When a test's stay that must owe money, and still await payment, leaves: at the last noon in
 * Shanghai, or a minute ago when that noon is nearly a day past (now is then 11:00–12:00, daytime
 * too). On a lot with `awaitingForADay` the arrears check leaves such a stay alone while the test runs.
 */
export const awaitingStayEnd = (now = Date.now()): Date => {
  const noon = lastNoonInShanghai(now);
  return now - noon.getTime() > 23 * 3_600_000 ? new Date(now - 60_000) : noon;
};
