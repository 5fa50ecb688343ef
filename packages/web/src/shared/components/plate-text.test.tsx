import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PlateText } from './plate-text';

const renderPlate = (colour?: number) =>
  render(
    <App>
      <PlateText plate="粤B12345" colour={colour} />
    </App>,
  );

const stubClipboard = (writeText: (text: string) => Promise<void>) => Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });

afterEach(() => {
  Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
});

describe('<PlateText>', () => {
  it('copies the plate on click and says 复制成功,车牌:{plate}', async () => {
    const writeText = vi.fn((_text: string) => Promise.resolve());
    stubClipboard(writeText);
    renderPlate(2);
    await userEvent.click(screen.getByRole('button', { name: /粤B12345/ }));
    expect(writeText).toHaveBeenCalledWith('粤B12345');
    expect(await screen.findByText('复制成功,车牌:粤B12345')).toBeTruthy();
  });

  it('names the plate colour from its code, blue when unknown', () => {
    renderPlate(2);
    expect(screen.getByRole('button').getAttribute('aria-label')).toBe('粤B12345（黄色），点击复制');
    expect(screen.getByRole('button').className).toContain('plate-text--yellow');
    render(
      <App>
        <PlateText plate="京A0001" />
      </App>,
    );
    expect(screen.getByRole('button', { name: /京A0001/ }).className).toContain('plate-text--blue');
  });

  it('says so when the copy fails', async () => {
    stubClipboard(() => Promise.reject(new Error('denied')));
    renderPlate(1);
    await userEvent.click(screen.getByRole('button'));
    await waitFor(() => expect(screen.getByText('复制失败，请手动复制')).toBeTruthy());
  });

  it('falls back to execCommand where the Clipboard API is missing (plain http)', async () => {
    const execCommand = vi.fn(() => true);
    Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true });
    renderPlate(3);
    await userEvent.click(screen.getByRole('button'));
    expect(execCommand).toHaveBeenCalledWith('copy');
    expect(await screen.findByText('复制成功,车牌:粤B12345')).toBeTruthy();
  });
});
