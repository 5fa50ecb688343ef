import { describe, expect, it } from 'vitest';
import { blacklistEntryRules, duplicateEntryRules, exitWithoutEntryRules, graceReentryRules, lotEventRules } from './event-rules.schema.js';
import {
  blacklistEntryRuleNames,
  defaultLotEventRules,
  duplicateEntryRuleNames,
  exitWithoutEntryRuleNames,
  graceReentryRuleNames,
  lotEventRuleHelp,
  lotEventRuleLabels,
  lotEventRuleRanges,
  lotEventRulesInput,
} from './lot-event-rules.api.js';

describe('事件规则 names and input', () => {
  it('names every option of every choice, and labels and explains every rule', () => {
    expect(Object.keys(duplicateEntryRuleNames).sort()).toEqual([...duplicateEntryRules].sort());
    expect(Object.keys(exitWithoutEntryRuleNames).sort()).toEqual([...exitWithoutEntryRules].sort());
    expect(Object.keys(blacklistEntryRuleNames).sort()).toEqual([...blacklistEntryRules].sort());
    expect(Object.keys(graceReentryRuleNames).sort()).toEqual([...graceReentryRules].sort());
    const rules = Object.keys(lotEventRules.shape).sort();
    expect(Object.keys(lotEventRuleLabels).sort()).toEqual(rules);
    expect(Object.keys(lotEventRuleHelp).sort()).toEqual(rules);
    expect(Object.keys(defaultLotEventRules).sort()).toEqual(rules);
  });

  it('gives the form the same bounds the schema checks', () => {
    for (const [key, { min, max }] of Object.entries(lotEventRuleRanges)) {
      expect(lotEventRules.safeParse({ [key]: min }).success, `${key} ${min}`).toBe(true);
      expect(lotEventRules.safeParse({ [key]: max }).success, `${key} ${max}`).toBe(true);
      expect(lotEventRules.safeParse({ [key]: max + 1 }).success, `${key} ${max + 1}`).toBe(false);
      expect(lotEventRules.safeParse({ [key]: min - 1 }).success, `${key} ${min - 1}`).toBe(false);
    }
  });

  it('fills the rules left out with their defaults and refuses a key that is not a rule', () => {
    expect(lotEventRulesInput.parse({ blacklistEntry: 'warn' })).toEqual({ ...defaultLotEventRules, blacklistEntry: 'warn' });
    const refused = lotEventRulesInput.safeParse({ blacklistEntry: 'refuse', whitelist: true });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe('不支持的事件规则：whitelist');
  });
});
