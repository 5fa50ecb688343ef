import type { AxiosAdapter, AxiosResponse } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http } from '../http/http-client';
import { ApiError } from '../http/api-error';
import { performHttpAction } from '../http/http-effects';
import { downloadExport, exportProgressText, filenameFromContentDisposition } from './export-download';

// the error notification would render after this file's DOM is gone; what it is told is enough
vi.mock('../http/http-effects', () => ({ performHttpAction: vi.fn() }));

describe('filenameFromContentDisposition', () => {
  it('prefers the RFC 5987 UTF-8 name, then the plain one', () => {
    expect(filenameFromContentDisposition(`attachment; filename="export.xlsx"; filename*=UTF-8''%E7%B3%BB%E7%BB%9F%E6%B6%88%E6%81%AF.xlsx`)).toBe('系统消息.xlsx');
    expect(filenameFromContentDisposition('attachment; filename="messages 2026.xlsx"')).toBe('messages 2026.xlsx');
    expect(filenameFromContentDisposition('attachment; filename=plain.xlsx')).toBe('plain.xlsx');
    expect(filenameFromContentDisposition("attachment; filename*=UTF-8''%E0%A4%A; filename=fallback.xlsx")).toBe('fallback.xlsx');
    expect(filenameFromContentDisposition(undefined)).toBeUndefined();
  });
});

const respond =
  (status: number, body: ArrayBuffer, headers: Record<string, string>): AxiosAdapter =>
  async (config) => {
    const response: AxiosResponse = { data: body, status, statusText: '', headers, config };
    if (config.validateStatus && !config.validateStatus(status)) {
      const { AxiosError } = await import('axios');
      throw new AxiosError('failed', 'ERR_BAD_RESPONSE', config, null, response);
    }
    return response;
  };

describe('downloadExport', () => {
  const clicked: string[] = [];
  beforeEach(() => {
    clicked.length = 0;
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
  });
  afterEach(() => vi.restoreAllMocks());

  it('asks for {listPath}/Actions/Export with the filters and saves the file under the server name', async () => {
    let asked: { url?: string; params?: unknown } = {};
    const bytes = new TextEncoder().encode('PK\u0003\u0004').buffer;
    http.defaults.adapter = async (config) => {
      asked = { url: config.url, params: config.params };
      return respond(200, bytes, {
        'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent('系统消息.xlsx')}`,
      })(config);
    };
    await expect(downloadExport('/api/system/systemMessage', { status: '0' }, '导出.xlsx')).resolves.toBe('系统消息.xlsx');
    expect(asked).toEqual({ url: '/api/system/systemMessage/Actions/Export', params: { status: '0' } });
    expect(clicked).toEqual(['系统消息.xlsx']);
  });

  it('reports the bytes received so far to whoever shows progress', async () => {
    const bytes = new TextEncoder().encode('PK\u0003\u0004').buffer;
    http.defaults.adapter = async (config) => {
      config.onDownloadProgress?.({ loaded: 2048, bytes: 2048, lengthComputable: false } as never);
      config.onDownloadProgress?.({ loaded: 3 * 1024 * 1024, bytes: 3 * 1024 * 1024 - 2048, lengthComputable: false } as never);
      return respond(200, bytes, { 'content-type': 'application/octet-stream' })(config);
    };
    const seen: number[] = [];
    await downloadExport('/api/system/ParkingRecord', {}, '停车记录.xlsx', (received) => seen.push(received));
    expect(seen).toEqual([2048, 3 * 1024 * 1024]);
    expect(seen.map(exportProgressText)).toEqual(['导出中 2 KB', '导出中 3.0 MB']);
    expect(exportProgressText(undefined)).toBe('导出中');
  });

  it("turns a JSON failure into an ApiError carrying the server's msg", async () => {
    const body = new TextEncoder().encode(JSON.stringify({ code: 404, msg: '接口不存在', data: null })).buffer;
    http.defaults.adapter = respond(404, body, { 'content-type': 'application/json; charset=utf-8' });
    const failure = downloadExport('/api/system/systemMessage', {}, '导出.xlsx');
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toThrow('接口不存在');
    expect(clicked).toEqual([]);
    expect(vi.mocked(performHttpAction)).toHaveBeenCalledWith(expect.objectContaining({ type: 'notify', title: '操作失败', description: '接口不存在' }));
  });
});
