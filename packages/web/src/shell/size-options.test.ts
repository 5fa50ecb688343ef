import { describe, expect, it } from 'vitest';
import { antdSizes, readSizeCookie, sizeLabels, uiSizes } from './size-options';

describe('size options', () => {
  it('offers Default, Medium, Small and Mini', () => {
    expect(uiSizes.map((size) => sizeLabels[size])).toEqual(['Default', 'Medium', 'Small', 'Mini']);
  });

  it('maps them onto antd sizes, Mini being Small made compact', () => {
    expect(antdSizes).toEqual({
      default: { componentSize: 'large', compact: false },
      medium: { componentSize: 'middle', compact: false },
      small: { componentSize: 'small', compact: false },
      mini: { componentSize: 'small', compact: true },
    });
  });

  it('is small unless the cookie names another size', () => {
    expect(readSizeCookie(undefined)).toBe('small');
    expect(readSizeCookie('huge')).toBe('small');
    expect(readSizeCookie('medium')).toBe('medium');
  });
});
