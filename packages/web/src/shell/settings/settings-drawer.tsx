import { CheckOutlined } from '@ant-design/icons';
import { Drawer, Switch } from 'antd';
import { themePresets, useSettingsStore, type SettingKey } from './settings-store';
import './settings-drawer.css';

type SwitchKey = Extract<SettingKey, 'tagsView' | 'fixedHeader' | 'sidebarLogo' | 'uniqueOpened' | 'showFooter'>;

const switches: readonly { key: SwitchKey; label: string }[] = [
  { key: 'tagsView', label: '显示标签' },
  { key: 'fixedHeader', label: '固定头部' },
  { key: 'sidebarLogo', label: '显示Logo' },
  { key: 'uniqueOpened', label: '菜单唯一展开' },
  { key: 'showFooter', label: '显示页脚' },
];

/** 系统布局设置: theme colour and layout switches, kept in localStorage. */
export function SettingsDrawer() {
  const settings = useSettingsStore();
  if (!settings.showSettings) return null;
  return (
    <Drawer rootClassName="settings-drawer" title="系统布局设置" placement="right" size={280} open={settings.drawerOpen} onClose={() => settings.setDrawerOpen(false)}>
      <section className="settings-drawer__item">
        <span id="settings-theme">主题颜色</span>
        <div className="settings-drawer__swatches" role="radiogroup" aria-labelledby="settings-theme">
          {themePresets.map((colour) => {
            const chosen = colour.toLowerCase() === settings.theme.toLowerCase();
            return (
              <button
                key={colour}
                type="button"
                role="radio"
                aria-checked={chosen}
                aria-label={colour}
                title={colour}
                className="settings-drawer__swatch"
                style={{ background: colour }}
                onClick={() => settings.change('theme', colour)}
              >
                {chosen && <CheckOutlined />}
              </button>
            );
          })}
        </div>
      </section>
      {switches.map(({ key, label }) => (
        <section key={key} className="settings-drawer__item">
          <span id={`settings-${key}`}>{label}</span>
          <Switch aria-labelledby={`settings-${key}`} checked={settings[key]} onChange={(checked) => settings.change(key, checked)} />
        </section>
      ))}
    </Drawer>
  );
}
