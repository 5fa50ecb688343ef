import { describe, expect, it } from 'vitest';
import { defaultSettings, parseSettings, settingsStorageKey, themePresets, useSettingsStore } from './settings-store';

describe('layout settings', () => {
  it('defaults: #1890ff, tags, fixed header, logo and unique-opened on, footer off, drawer offered', () => {
    expect(parseSettings(null)).toEqual({
      theme: '#1890ff',
      tagsView: true,
      fixedHeader: true,
      sidebarLogo: true,
      uniqueOpened: true,
      showFooter: false,
      footerTxt: '',
      showSettings: true,
    });
    expect(themePresets).toEqual(['#409EFF', '#1890ff', '#304156', '#212121', '#11a983', '#13c2c2', '#6959CD', '#f5222d']);
  });

  it('keeps the good fields of a damaged entry and defaults the rest', () => {
    expect(parseSettings('{"theme":"red","tagsView":false,"showFooter":"yes"}')).toEqual({ ...defaultSettings, tagsView: false });
    expect(parseSettings('not json')).toEqual(defaultSettings);
  });

  it('persists every change in localStorage', () => {
    useSettingsStore.getState().change('theme', '#11a983');
    useSettingsStore.getState().change('tagsView', false);
    const stored = parseSettings(window.localStorage.getItem(settingsStorageKey));
    expect(stored.theme).toBe('#11a983');
    expect(stored.tagsView).toBe(false);
    expect(useSettingsStore.getState().theme).toBe('#11a983');
  });

  it('does not open the drawer when showSettings is off', () => {
    useSettingsStore.getState().change('showSettings', false);
    useSettingsStore.getState().setDrawerOpen(true);
    expect(useSettingsStore.getState().drawerOpen).toBe(false);
    useSettingsStore.getState().change('showSettings', true);
    useSettingsStore.getState().setDrawerOpen(true);
    expect(useSettingsStore.getState().drawerOpen).toBe(true);
  });
});
