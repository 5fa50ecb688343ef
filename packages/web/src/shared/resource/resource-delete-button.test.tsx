import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { confirmTitle, ResourceDeleteButton } from './resource-delete-button';

describe('ResourceDeleteButton', () => {
  it('asks about the one row by its kind and name', async () => {
    render(<ResourceDeleteButton kind="集团卡" target="JT0001" onConfirm={vi.fn(() => Promise.resolve())} />);
    fireEvent.click(screen.getByRole('button', { name: '删除' }));
    expect(await screen.findByText('确定删除集团卡「JT0001」吗？')).toBeTruthy();
  });

  it('says why on hover when the row may not be deleted, and offers no confirmation', async () => {
    const onConfirm = vi.fn(() => Promise.resolve());
    render(<ResourceDeleteButton kind="停车场" target="东门停车场" refusal="已启用的停车场不能删除" onConfirm={onConfirm} />);
    const button = screen.getByRole('button', { name: '删除' });
    expect(button.hasAttribute('disabled')).toBe(true);
    fireEvent.mouseEnter(button.closest('.refusal-hint')!);
    expect(await screen.findByText('已启用的停车场不能删除')).toBeTruthy();
    expect(screen.queryByText(/确定删除/)).toBeNull();
  });
});

describe('confirmTitle', () => {
  it('names the object when it has a name, and falls back to the kind alone', () => {
    expect(confirmTitle('作废', '特殊账单', '车辆损坏赔偿')).toBe('确定作废特殊账单「车辆损坏赔偿」吗？');
    expect(confirmTitle('删除', '系统消息', undefined)).toBe('确定删除这条系统消息吗？');
  });
});
