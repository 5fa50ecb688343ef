import { SettingOutlined } from '@ant-design/icons';
import { Button, Checkbox, Popover, Tooltip } from 'antd';
import { type KeyboardEvent, useRef, useState } from 'react';
import type { ResourceDescriptor } from './resource-types';
import { useColumnSettings } from './use-column-settings';

export const columnSettingsText = '列设置';
export const columnSettingsResetText = '重置';

/**
 * 列设置: a box per column to show or hide it (key columns stay), and 重置 back to what fits the screen.
 * Esc closes it and gives the focus back to its button, as a click outside does: where the panel has
 * to open over its own button, clicking the button again is not a way out.
 */
export function ColumnSettingsButton<T, Q>({ descriptor }: { descriptor: ResourceDescriptor<T, Q> }) {
  const { settings, chosen, choose, reset } = useColumnSettings(descriptor);
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);

  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    setOpen(false);
    button.current?.focus();
  };

  const content = (
    <div className="column-settings" role="group" aria-label={columnSettingsText} onKeyDown={closeOnEscape}>
      <ul className="column-settings__list">
        {settings.map((setting) => (
          <li key={setting.key}>
            <Checkbox checked={setting.visible} disabled={setting.locked} onChange={(event) => choose(setting.key, event.target.checked)}>
              {setting.title}
            </Checkbox>
          </li>
        ))}
      </ul>
      <div className="column-settings__footer">
        <Button size="small" type="link" disabled={!chosen} onClick={reset}>
          {columnSettingsResetText}
        </Button>
      </div>
    </div>
  );

  return (
    <Popover trigger="click" placement="bottomRight" title={columnSettingsText} content={content} open={open} onOpenChange={setOpen}>
      <Tooltip title={columnSettingsText}>
        <Button ref={button} aria-label={columnSettingsText} icon={<SettingOutlined />} />
      </Tooltip>
    </Popover>
  );
}
