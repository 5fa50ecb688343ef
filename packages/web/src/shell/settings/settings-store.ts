import { create } from 'zustand';

/** The 8 preset theme colours of the settings drawer; the default is #1890ff. */
export const themePresets = ['#409EFF', '#1890ff', '#304156', '#212121', '#11a983', '#13c2c2', '#6959CD', '#f5222d'] as const;
export const defaultTheme = '#1890ff';

export const settingsStorageKey = 'layout-settings';

/** The layout settings; the drawer changes the switches and the theme. */
export interface LayoutSettings {
  theme: string;
  tagsView: boolean;
  fixedHeader: boolean;
  sidebarLogo: boolean;
  uniqueOpened: boolean;
  showFooter: boolean;
  /** footer text; empty means the tenant's own footer text from branding */
  footerTxt: string;
  /** a deployment flag, not offered in the drawer: false hides 布局设置 and the drawer */
  showSettings: boolean;
}

export const defaultSettings: LayoutSettings = {
  theme: defaultTheme,
  tagsView: true,
  fixedHeader: true,
  sidebarLogo: true,
  uniqueOpened: true,
  showFooter: false,
  footerTxt: '',
  showSettings: true,
};

const hexColour = /^#[0-9a-f]{6}$/i;

/** What localStorage holds, checked field by field so one bad value does not lose the rest. */
export function parseSettings(raw: string | null): LayoutSettings {
  let stored: unknown;
  try {
    stored = raw ? JSON.parse(raw) : {};
  } catch {
    stored = {};
  }
  const source = typeof stored === 'object' && stored !== null ? (stored as Record<string, unknown>) : {};
  const flag = (key: keyof LayoutSettings) => (typeof source[key] === 'boolean' ? source[key] : (defaultSettings[key] as boolean));
  return {
    theme: typeof source.theme === 'string' && hexColour.test(source.theme) ? source.theme : defaultSettings.theme,
    tagsView: flag('tagsView'),
    fixedHeader: flag('fixedHeader'),
    sidebarLogo: flag('sidebarLogo'),
    uniqueOpened: flag('uniqueOpened'),
    showFooter: flag('showFooter'),
    footerTxt: typeof source.footerTxt === 'string' ? source.footerTxt : defaultSettings.footerTxt,
    showSettings: flag('showSettings'),
  };
}

export type SettingKey = keyof LayoutSettings;

export interface SettingsState extends LayoutSettings {
  drawerOpen: boolean;
  change: <K extends SettingKey>(key: K, value: LayoutSettings[K]) => void;
  setDrawerOpen: (open: boolean) => void;
}

const storage = (): Storage | null => (typeof window === 'undefined' ? null : window.localStorage);

const pickSettings = (state: LayoutSettings): LayoutSettings => ({
  theme: state.theme,
  tagsView: state.tagsView,
  fixedHeader: state.fixedHeader,
  sidebarLogo: state.sidebarLogo,
  uniqueOpened: state.uniqueOpened,
  showFooter: state.showFooter,
  footerTxt: state.footerTxt,
  showSettings: state.showSettings,
});

export const useSettingsStore = create<SettingsState>()((set, get) => ({
  ...parseSettings(storage()?.getItem(settingsStorageKey) ?? null),
  drawerOpen: false,
  change: (key, value) => {
    set({ [key]: value } as Partial<LayoutSettings>);
    storage()?.setItem(settingsStorageKey, JSON.stringify(pickSettings(get())));
  },
  setDrawerOpen: (drawerOpen) => set({ drawerOpen: drawerOpen && get().showSettings }),
}));
