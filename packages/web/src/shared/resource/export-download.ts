import type { ExportProgress } from '@parking/contract';
import type { AxiosResponseHeaders, RawAxiosResponseHeaders } from 'axios';
import { http } from '../http/http-client';
import type { RequestParams } from './list-query';

export const exportPath = (listPath: string) => `${listPath}/Actions/Export`;

// by tag, not instanceof: the buffer may come from another realm (a worker, a test environment)
const isArrayBuffer = (data: unknown): data is ArrayBuffer => Object.prototype.toString.call(data) === '[object ArrayBuffer]';

const unquote = (text: string) => text.trim().replace(/^"(.*)"$/, '$1');

/** The file name a server suggests: RFC 5987 `filename*=UTF-8''…` first (Chinese names), then `filename=`. */
export function filenameFromContentDisposition(header: string | null | undefined): string | undefined {
  if (!header) return undefined;
  const extended = /filename\*\s*=\s*([^;]+)/i.exec(header)?.[1];
  if (extended) {
    const encoded = unquote(extended).replace(/^[\w-]*'[^']*'/, '');
    try {
      return decodeURIComponent(encoded);
    } catch {
      // a malformed escape: fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*("[^"]*"|[^;]+)/i.exec(header)?.[1];
  return plain ? unquote(plain) : undefined;
}

type Headers = AxiosResponseHeaders | RawAxiosResponseHeaders | Partial<Record<string, unknown>> | undefined;
const headerText = (headers: Headers, name: string) => String((headers as Record<string, unknown> | undefined)?.[name] ?? '');

/**
 * A failed export answers with a JSON envelope, not a file: decode it so the HTTP layer can read
 * the server's msg and report it like any other failure.
 */
function decodeJsonFailure(data: unknown, headers: Headers): unknown {
  if (!isArrayBuffer(data) || !/json/i.test(headerText(headers, 'content-type'))) return data;
  try {
    return JSON.parse(new TextDecoder().decode(data)) as unknown;
  } catch {
    return data;
  }
}

export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // revoked later: some browsers read the URL after click() returns
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** What a download may add: an AbortSignal to cancel it, and headers (the export id whose progress the console polls). */
export interface DownloadOptions {
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

/** A file the server sends for a GET, with the name it suggests (content-disposition) or `fallbackName`. */
export async function fetchFile(
  path: string,
  params: RequestParams,
  fallbackName: string,
  onProgress?: (receivedBytes: number) => void,
  { signal, headers }: DownloadOptions = {},
): Promise<{ blob: Blob; filename: string }> {
  const response = await http.get<unknown>(path, {
    params,
    // a streamed export has no length up front: what has arrived so far is the progress there is
    ...(onProgress ? { onDownloadProgress: (event: { loaded: number }) => onProgress(event.loaded) } : {}),
    ...(signal ? { signal } : {}),
    ...(headers ? { headers } : {}),
    responseType: 'arraybuffer',
    transformResponse: [decodeJsonFailure],
  });
  if (!isArrayBuffer(response.data)) throw new Error('下载失败：服务器没有返回文件');
  const filename = filenameFromContentDisposition(headerText(response.headers, 'content-disposition')) ?? fallbackName;
  const type = headerText(response.headers, 'content-type') || 'application/octet-stream';
  return { blob: new Blob([response.data], { type }), filename };
}

/** GET a file and save it under the server's name. */
export async function downloadFile(path: string, params: RequestParams, fallbackName: string, onProgress?: (receivedBytes: number) => void, options?: DownloadOptions): Promise<string> {
  const { blob, filename } = await fetchFile(path, params, fallbackName, onProgress, options);
  saveBlob(blob, filename);
  return filename;
}

/** GET {listPath}/Actions/Export with the list's filters, saved under the server's file name. */
export const downloadExport = (listPath: string, params: RequestParams, fallbackName: string, onProgress?: (receivedBytes: number) => void): Promise<string> =>
  downloadFile(exportPath(listPath), params, fallbackName, onProgress);

/** What the 导出 button says while a file arrives: "导出中" then the size so far, "导出中 1.2 MB". */
export const exportProgressText = (receivedBytes: number | undefined): string => {
  if (!receivedBytes) return '导出中';
  if (receivedBytes < 1024 * 1024) return `导出中 ${Math.max(1, Math.round(receivedBytes / 1024))} KB`;
  return `导出中 ${(receivedBytes / 1024 / 1024).toFixed(1)} MB`;
};

const rowCount = new Intl.NumberFormat('zh-CN');

/**
 * What the 导出 button says once the server reports rows: 「导出中 12,000 / 1,000,000 行」 when it
 * knows the total, else 「导出中 已写入 12,000 行」; before that, and when no report comes, the bytes.
 */
export const exportRowsText = (progress: Pick<ExportProgress, 'rows' | 'total'> | undefined, receivedBytes: number | undefined): string => {
  if (!progress || progress.rows === 0) return exportProgressText(receivedBytes);
  if (progress.total !== null) return `导出中 ${rowCount.format(progress.rows)} / ${rowCount.format(progress.total)} 行`;
  return `导出中 已写入 ${rowCount.format(progress.rows)} 行`;
};

/** A fresh id for one export, sent as its x-export-id: random, and made without crypto.randomUUID, which a page served over plain http lacks. */
export const newExportId = (): string => Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
