import { menuIconNames, type MenuIconName } from '@parking/contract';
import { DownOutlined } from '@ant-design/icons';
import { Button, Empty, Input, Popover } from 'antd';
import { useState } from 'react';
import { MenuIcon } from '../../../shared/icons/menu-icons';
import './menu-icon-picker.css';

/** The whitelisted icons whose name holds the typed text, in any case. */
export const filterMenuIconNames = (text: string): MenuIconName[] => {
  const wanted = text.trim().toLowerCase();
  return menuIconNames.filter((name) => name.toLowerCase().includes(wanted));
};

/** "CarOutlined" → "Car": the grid has room for the part that differs. */
const shortName = (name: string) => name.replace(/Outlined$/, '');

interface MenuIconPickerProps {
  value?: string;
  onChange?: (name: MenuIconName) => void;
  id?: string;
}

/** A form input: the chosen icon, and a searchable grid of the whitelist to choose from. */
export function MenuIconPicker({ value, onChange, id }: MenuIconPickerProps) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const shown = filterMenuIconNames(text);

  const choose = (name: MenuIconName) => {
    onChange?.(name);
    setOpen(false);
  };

  const grid = (
    <div className="menu-icon-picker">
      <Input allowClear autoFocus placeholder="搜索图标名称" value={text} onChange={(event) => setText(event.target.value)} />
      {shown.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="没有匹配的图标" />
      ) : (
        <div className="menu-icon-grid" role="listbox" aria-label="图标">
          {shown.map((name) => (
            <button
              key={name}
              type="button"
              title={name}
              role="option"
              aria-selected={name === value}
              aria-label={name}
              className={name === value ? 'menu-icon-cell menu-icon-cell-chosen' : 'menu-icon-cell'}
              onClick={() => choose(name)}
            >
              <MenuIcon name={name} />
              <span>{shortName(name)}</span>
            </button>
          ))}
        </div>
      )}
    </div>
  );

  return (
    <Popover content={grid} trigger="click" placement="bottomLeft" open={open} onOpenChange={setOpen} destroyOnHidden>
      <Button id={id} className="menu-icon-trigger" aria-label="选择图标">
        {value ? (
          <span className="menu-icon-trigger-value">
            <MenuIcon name={value} />
            {value}
          </span>
        ) : (
          <span className="menu-icon-trigger-placeholder">请选择图标</span>
        )}
        <DownOutlined className="menu-icon-trigger-arrow" />
      </Button>
    </Popover>
  );
}
