import { menuIconNames } from '@parking/contract';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { filterMenuIconNames, MenuIconPicker } from './menu-icon-picker';

describe('filterMenuIconNames', () => {
  it('matches any part of the name, in any case; the whole name finds just that icon', () => {
    expect(filterMenuIconNames('car')).toEqual(['CarOutlined', 'CreditCardOutlined', 'IdcardOutlined']);
    expect(filterMenuIconNames('  CarOutlined ')).toEqual(['CarOutlined']);
    expect(filterMenuIconNames('FILE')).toEqual(['FileDoneOutlined', 'FileSearchOutlined', 'FileTextOutlined', 'ProfileOutlined']);
  });

  it('shows the whole whitelist for nothing typed, and nothing for an unknown name', () => {
    expect(filterMenuIconNames('')).toEqual([...menuIconNames]);
    expect(filterMenuIconNames('rocket')).toEqual([]);
  });
});

describe('MenuIconPicker', () => {
  it('shows the chosen icon, and picks another from the searched grid', async () => {
    const user = userEvent.setup({ delay: null });
    const onChange = vi.fn();
    const { container } = render(<MenuIconPicker value="BugOutlined" onChange={onChange} />);
    expect(screen.getByRole('button', { name: '选择图标' }).textContent).toContain('BugOutlined');
    expect(container.querySelector('.anticon-bug')).not.toBeNull();

    await user.click(screen.getByRole('button', { name: '选择图标' }));
    await user.type(await screen.findByPlaceholderText('搜索图标名称'), 'wifi');
    expect(screen.getAllByRole('option').map((o) => o.getAttribute('aria-label'))).toEqual(['WifiOutlined']);
    await user.click(screen.getByRole('option', { name: 'WifiOutlined' }));
    expect(onChange).toHaveBeenCalledWith('WifiOutlined');

    await user.click(screen.getByRole('button', { name: '选择图标' }));
    await user.clear(await screen.findByPlaceholderText('搜索图标名称'));
    await user.type(screen.getByPlaceholderText('搜索图标名称'), 'rocket');
    expect(await screen.findByText('没有匹配的图标')).toBeTruthy();
  });
});
