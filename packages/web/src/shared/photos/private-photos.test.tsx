import { complaintPhotoMessages } from '@parking/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/app-providers';
import { createQueryClient } from '../../app/query-client';
import { quietComputedStyle } from '../../modules/system/pages/system-page-test-kit';
import { PrivatePhotoList } from './private-photos';

type Photo = { id: string; addedBy: 'staff' | 'owner' };
const photos = (n: number, addedBy: Photo['addedBy'] = 'staff'): Photo[] => Array.from({ length: n }, (_, i) => ({ id: `p${i + 1}`, addedBy }));

const show = (shown: Photo[], handlers: { onAdd?: (file: File) => Promise<unknown>; onRemove?: (photo: Photo) => Promise<unknown>; canRemove?: (photo: Photo) => boolean } = {}) => {
  const load = vi.fn(async () => new Blob(['png'], { type: 'image/png' }));
  render(
    <AppProviders queryClient={createQueryClient()}>
      <PrivatePhotoList photos={shown} limit={4} name="投诉照片" messages={complaintPhotoMessages} keyOf={(p) => ['test-photo', p.id]} load={load} {...handlers} />
    </AppProviders>,
  );
  return { load };
};
const pick = (file: File) => fireEvent.change(document.querySelector('input[type="file"]')!, { target: { files: [file] } });

beforeAll(() => {
  quietComputedStyle();
  // jsdom makes no object URLs: a thumbnail needs only one to exist
  URL.createObjectURL = () => 'blob:thumb';
  URL.revokeObjectURL = () => undefined;
});

describe('PrivatePhotoList', () => {
  it('fetches each photo with the caller’s loader and shows it as a thumbnail, read-only without handlers', async () => {
    const { load } = show(photos(2));
    await waitFor(() => expect(screen.getAllByRole('img', { name: /^投诉照片/ })).toHaveLength(2));
    expect(load).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('button', { name: /上传照片/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /删除/ })).toBeNull();
  });

  it('says there is none when read-only and empty', () => {
    show([]);
    expect(screen.getByText('没有投诉照片')).toBeTruthy();
  });

  it('counts x/4, refuses another type before sending and sends a photo that fits', async () => {
    const onAdd = vi.fn(async () => undefined);
    show(photos(1), { onAdd });
    expect(screen.getByRole('button', { name: /上传照片（1\/4）/ })).toBeTruthy();
    pick(new File(['gif'], 'a.gif', { type: 'image/gif' }));
    expect(await screen.findByText('投诉照片只能是 JPG、PNG 或 WebP 格式的图片')).toBeTruthy();
    expect(onAdd).not.toHaveBeenCalled();
    pick(new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' }));
    expect(await screen.findByText('投诉照片不能超过5MB')).toBeTruthy();
    const fits = new File(['png'], 'ok.png', { type: 'image/png' });
    pick(fits);
    await waitFor(() => expect(onAdd).toHaveBeenCalledWith(fits));
    expect(await screen.findByText('照片已上传')).toBeTruthy();
  });

  it('shows the server’s refusal of an upload', async () => {
    show(photos(3), { onAdd: () => Promise.reject(new Error('该投诉已完成，不能再添加或删除照片')) });
    pick(new File(['png'], 'ok.png', { type: 'image/png' }));
    expect(await screen.findByText('该投诉已完成，不能再添加或删除照片')).toBeTruthy();
  });

  it('is full at 4, and offers 删除 only on the photos the viewer may remove', async () => {
    const onRemove = vi.fn(async () => undefined);
    show([...photos(3), { id: 'o1', addedBy: 'owner' }], { onAdd: vi.fn(), onRemove, canRemove: (p) => p.addedBy === 'staff' });
    expect(screen.getByRole('button', { name: /上传照片（4\/4）/ }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('最多4张')).toBeTruthy();
    const removes = screen.getAllByRole('button', { name: /删除/ });
    expect(removes).toHaveLength(3);
    fireEvent.click(removes[0]!);
    fireEvent.click(within(await screen.findByRole('tooltip')).getByRole('button', { name: '删除' }));
    await waitFor(() => expect(onRemove).toHaveBeenCalledWith({ id: 'p1', addedBy: 'staff' }));
  });
});
