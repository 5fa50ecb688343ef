import type { Envelope, Paged } from '@parking/contract';
import { http } from '../http/http-client';
import type { RequestParams } from './list-query';

export const listCall = <T>(listPath: string, params: RequestParams): Promise<Paged<T>> =>
  http.get<Envelope<Paged<T>>>(listPath, { params }).then((response) => response.data.data);

export const itemPath = (listPath: string, id: string | number) => `${listPath}/${encodeURIComponent(String(id))}`;

/** The server's msg comes back with the write, since the user is told it ("删除成功"). */
export const removeCall = (listPath: string, id: string | number): Promise<string> =>
  http.delete<Envelope<unknown>>(itemPath(listPath, id)).then((response) => response.data.msg);

export const createCall = (listPath: string, body: Record<string, unknown>): Promise<string> =>
  http.post<Envelope<unknown>>(listPath, body).then((response) => response.data.msg);

export const updateCall = (listPath: string, id: string | number, body: Record<string, unknown>): Promise<string> =>
  http.put<Envelope<unknown>>(itemPath(listPath, id), body).then((response) => response.data.msg);
