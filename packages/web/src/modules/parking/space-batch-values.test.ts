import { describe, expect, it } from 'vitest';
import { batchPreview, describeNumbers, initialBatchValues, spaceBatchBody } from './space-batch-values';

const lotId = '5b0c7f1e-2a4d-4c7b-9a55-0d9f1c2b3a4e';

describe('the batch of spaces a form makes', () => {
  it('A + 1..120 in 3 digits makes A001 to A120', () => {
    const preview = batchPreview(lotId, initialBatchValues);
    expect(preview).toMatchObject({ numbers: expect.any(Array) });
    if (!('numbers' in preview)) return;
    expect(preview.numbers).toHaveLength(120);
    expect([preview.numbers[0], preview.numbers[119]]).toEqual(['A001', 'A120']);
    expect(describeNumbers(preview.numbers)).toBe('A001、A002、A003 … A120');
  });

  it('says in Chinese why a batch cannot be made, as the server would', () => {
    expect(batchPreview(lotId, { ...initialBatchValues, start: 10, end: 9 })).toEqual({ error: '结束编号不能小于起始编号' });
    expect(batchPreview(lotId, { ...initialBatchValues, start: 1, end: 2001 })).toEqual({ error: '一次最多生成2000个泊位' });
    expect(batchPreview(lotId, { ...initialBatchValues, prefix: 'A B' })).toEqual({ error: '编号前缀只能包含字母、数字、汉字、下划线和短横线' });
  });

  it('short batches are listed whole; the body trims the prefix and starts every space free', () => {
    expect(describeNumbers(['B1', 'B2', 'B3', 'B4'])).toBe('B1、B2、B3、B4');
    expect(spaceBatchBody(lotId, { ...initialBatchValues, prefix: ' C ', charging: true })).toMatchObject({ prefix: 'C', charging: true, state: 'free' });
  });
});
