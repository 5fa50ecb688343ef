import { describe, expect, it } from 'vitest';
import { activityLevelOf, occupancyPercent } from './activity.schema.js';

describe('停车统计 occupancy and level', () => {
  it('rounds occupancy to whole percent and calls a lot without spaces full', () => {
    expect(occupancyPercent(100, 12)).toBe(88);
    expect(occupancyPercent(3, 2)).toBe(33);
    expect(occupancyPercent(0, 0)).toBe(100);
    expect(occupancyPercent(10, 15)).toBe(0);
  });

  it('is ample below 80% taken, tight from 80% with a space left, full with none', () => {
    expect(activityLevelOf(100, 21)).toBe('ample');
    expect(activityLevelOf(100, 20)).toBe('tight');
    expect(activityLevelOf(100, 1)).toBe('tight');
    expect(activityLevelOf(100, 0)).toBe('full');
    expect(activityLevelOf(0, 0)).toBe('full');
  });
});
