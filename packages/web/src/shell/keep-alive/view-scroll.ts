/**
 * The window's scroll offset per kept-alive page. A hidden page is display:none, which loses its
 * offset, so the shell records it while the page is on screen and the root frame restores it.
 */
const offsets = new Map<string, number>();

export const rememberScroll = (path: string, offset: number): void => {
  offsets.set(path, offset);
};

export const forgetScroll = (path: string): void => {
  offsets.delete(path);
};

export const savedScroll = (path: string): number | undefined => offsets.get(path);
