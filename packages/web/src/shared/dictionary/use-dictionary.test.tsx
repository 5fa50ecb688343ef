import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../app/query-client';
import { installFakeApi, ok } from '../../test/fake-api';
import { useDictionary } from './use-dictionary';

describe('useDictionary', () => {
  it('loads the whole dictionary once (page 0, size 9999) and offers integer values', async () => {
    const calls = installFakeApi({
      'GET /api/dictDetail': ok({
        list: [
          { id: 'a', dictName: 'plate_colour', label: '蓝色', value: '0', sort: 0 },
          { id: 'b', dictName: 'plate_colour', label: '白色', value: '1', sort: 1 },
        ],
        pagination: { currentPage: 1, pageSize: 9999, total: 2 },
      }),
    });
    const client = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    const first = renderHook(() => useDictionary('plate_colour'), { wrapper });
    const second = renderHook(() => useDictionary('plate_colour'), { wrapper });

    expect(first.result.current.loading).toBe(true);
    await waitFor(() =>
      expect(first.result.current.options).toEqual([
        { label: '蓝色', value: 0 },
        { label: '白色', value: 1 },
      ]),
    );
    expect(first.result.current.labelOf('1')).toBe('白色');
    await waitFor(() => expect(second.result.current.options).toHaveLength(2));
    expect(calls.map((c) => c.params)).toEqual([{ dictName: 'plate_colour', page: 0, size: 9999 }]);
  });
});
