import type { ConfigProviderProps } from 'antd';

type SizeType = ConfigProviderProps['componentSize'];

/** The size select's four choices, stored in the `size` cookie under these values. */
export const uiSizes = ['default', 'medium', 'small', 'mini'] as const;
export type UiSize = (typeof uiSizes)[number];

export const sizeCookieName = 'size';
/** Small unless the cookie says otherwise. */
export const defaultUiSize: UiSize = 'small';

export const sizeLabels: Readonly<Record<UiSize, string>> = {
  default: 'Default',
  medium: 'Medium',
  small: 'Small',
  mini: 'Mini',
};

export interface AntdSize {
  componentSize: SizeType;
  /** antd has only three sizes; Mini is Small with the compact algorithm, which tightens heights and spacing */
  compact: boolean;
}

/**
 * Element's four sizes (40/36/32/28 px controls) onto antd's three (40/32/24):
 * Default → large, Medium → middle, Small → small, Mini → small + compact.
 */
export const antdSizes: Readonly<Record<UiSize, AntdSize>> = {
  default: { componentSize: 'large', compact: false },
  medium: { componentSize: 'middle', compact: false },
  small: { componentSize: 'small', compact: false },
  mini: { componentSize: 'small', compact: true },
};

export const isUiSize = (value: unknown): value is UiSize => typeof value === 'string' && (uiSizes as readonly string[]).includes(value);

export const readSizeCookie = (value: string | undefined): UiSize => (isUiSize(value) ? value : defaultUiSize);

export const sizeSavedMessage = '布局设置成功';
