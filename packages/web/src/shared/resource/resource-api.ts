import type { BodyOf, Endpoint, Envelope, Paged } from '@parking/contract';
import { http } from '../http/http-client';
import { callEnvelopeLoose } from '../http/call';
import type { RequestParams } from './list-query';

export const listCall = <T>(listPath: string, params: RequestParams): Promise<Paged<T>> =>
  http.get<Envelope<Paged<T>>>(listPath, { params }).then((response) => response.data.data);

export const itemPath = (listPath: string, id: string | number) => `${listPath}/${encodeURIComponent(String(id))}`;

/** The server's msg comes back with the write, since the user is told it ("删除成功"). */
export const removeCallByPath = (listPath: string, id: string | number): Promise<string> =>
  http.delete<Envelope<unknown>>(itemPath(listPath, id)).then((response) => response.data.msg);

export const createCall = (listPath: string, body: Record<string, unknown>): Promise<string> =>
  http.post<Envelope<unknown>>(listPath, body).then((response) => response.data.msg);

export const updateCall = (listPath: string, id: string | number, body: Record<string, unknown>): Promise<string> =>
  http.put<Envelope<unknown>>(itemPath(listPath, id), body).then((response) => response.data.msg);

/** DELETE of one row (a resource's item endpoints take `:id`): answers the server's msg ("删除成功"). */
export const removeCall = async (remove: Endpoint, id: string | number): Promise<string> =>
  (await callEnvelopeLoose(remove, { params: { id } })).msg;

/** POST a new row, or PUT one that has an id: answers the server's msg ("新增成功" / "修改成功"). */
export const saveCall = async <C extends { create: Endpoint; update: Endpoint }>(
  endpoints: C,
  id: string | number | undefined,
  body: BodyOf<C['create']> & BodyOf<C['update']>,
): Promise<string> => {
  const answer = id === undefined ? await callEnvelopeLoose(endpoints.create, { body }) : await callEnvelopeLoose(endpoints.update, { params: { id }, body });
  return answer.msg;
};
