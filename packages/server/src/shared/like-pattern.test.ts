import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { containsPattern, startsWith } from './like-pattern.js';

describe('containsPattern', () => {
  it('matches anywhere and takes the wildcards a user types literally', () => {
    expect(containsPattern('粤B')).toBe('%粤B%');
    expect(containsPattern('100%')).toBe('%100\\%%');
    expect(containsPattern('a_b\\c')).toBe('%a\\_b\\\\c%');
  });
});

describe('startsWith', () => {
  it('finds exactly the values that start with the prefix, Chinese, digits and wildcard characters alike', async () => {
    const { createTestDatabase } = await import('../test/test-app.js');
    const { pgTable, text } = await import('drizzle-orm/pg-core');
    const database = await createTestDatabase();
    try {
      await database.db.execute(sql`create table plates (plate text not null)`);
      const plates = pgTable('plates', { plate: text('plate').notNull() });
      const values = ['粤B', '粤B1', '粤BZZZZZ', '粤C1', '粤A9', '粤', '粤B%', '粤B_1', 'B粤', '粤b1', '粤B\u{1F697}', '粤C'];
      await database.db.insert(plates).values(values.map((plate) => ({ plate })));
      for (const prefix of ['粤B', '粤', '粤B%', '粤B_', 'B', '粤Z', '粤B\u{1F697}']) {
        const found = (await database.db.select().from(plates).where(startsWith(plates.plate, prefix))).map((r) => r.plate).sort();
        expect(found, prefix).toEqual(values.filter((v) => v.startsWith(prefix)).sort());
      }
    } finally {
      await database.close();
    }
  });
});
