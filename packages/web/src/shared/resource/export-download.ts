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

/** A file the server sends for a GET, with the name it suggests (content-disposition) or `fallbackName`. */
export async function fetchFile(path: string, params: RequestParams, fallbackName: string, onProgress?: (receivedBytes: number) => void): Promise<{ blob: Blob; filename: string }> {
  const response = await http.get<unknown>(path, {
    params,
    // a streamed export has no length up front: what has arrived so far is the progress there is
    ...(onProgress ? { onDownloadProgress: (event: { loaded: number }) => onProgress(event.loaded) } : {}),
    responseType: 'arraybuffer',
    transformResponse: [decodeJsonFailure],
  });
  if (!isArrayBuffer(response.data)) throw new Error('下载失败：服务器没有返回文件');
  const filename = filenameFromContentDisposition(headerText(response.headers, 'content-disposition')) ?? fallbackName;
  const type = headerText(response.headers, 'content-type') || 'application/octet-stream';
  return { blob: new Blob([response.data], { type }), filename };
}

/** GET a file and save it under the server's name. */
export async function downloadFile(path: string, params: RequestParams, fallbackName: string, onProgress?: (receivedBytes: number) => void): Promise<string> {
  const { blob, filename } = await fetchFile(path, params, fallbackName, onProgress);
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
