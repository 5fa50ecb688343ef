import type { BodyOf, Endpoint, Envelope, Paged } from '@parking/contract';
import { callEnvelopeLoose } from '../http/call';
import { http } from '../http/http-client';
import type { RequestParams } from './list-query';
import type { ResourceDescriptor } from './resource-types';

export const itemPath = (listPath: string, id: string | number) => `${listPath}/${encodeURIComponent(String(id))}`;

/** DELETE of one row (a resource's item endpoints take `:id`): answers the server's msg ("删除成功"). */
export const removeCall = async (remove: Endpoint, id: string | number): Promise<string> => (await callEnvelopeLoose(remove, { params: { id } })).msg;

/** POST a new row, or PUT one that has an id: answers the server's msg ("新增成功" / "修改成功"). */
export const saveCall = async <C extends { create: Endpoint; update: Endpoint }>(
  endpoints: C,
  id: string | number | undefined,
  body: BodyOf<C['create']> & BodyOf<C['update']>,
): Promise<string> => {
  const answer = id === undefined ? await callEnvelopeLoose(endpoints.create, { body }) : await callEnvelopeLoose(endpoints.update, { params: { id }, body });
  return answer.msg;
};

type AnyDescriptor = Pick<ResourceDescriptor<unknown, unknown>, 'name' | 'endpoints' | 'listPath'>;

const actionNames = { create: '新增', update: '修改', remove: '删除' } as const;

const endpointOf = (descriptor: AnyDescriptor, action: keyof typeof actionNames): Endpoint | undefined => {
  if (!descriptor.endpoints) return undefined;
  const target = descriptor.endpoints[action];
  if (!target) throw new Error(`${descriptor.name}没有${actionNames[action]}接口`);
  return target;
};

// a descriptor without endpoints still speaks the path-only form: {listPath}, {listPath}/{id}
const listPathOf = (descriptor: AnyDescriptor): string => {
  if (descriptor.listPath === undefined) throw new Error(`${descriptor.name}没有列表接口`);
  return descriptor.listPath;
};

export const listCall = async <T>(descriptor: AnyDescriptor, params: RequestParams): Promise<Paged<T>> => {
  if (descriptor.endpoints) return (await callEnvelopeLoose(descriptor.endpoints.list, { query: params })).data as Paged<T>;
  return (await http.get<Envelope<Paged<T>>>(listPathOf(descriptor), { params })).data.data;
};

/** The server's msg comes back with the write, since the user is told it ("删除成功"). */
export const removeRow = async (descriptor: AnyDescriptor, id: string | number): Promise<string> => {
  const remove = endpointOf(descriptor, 'remove');
  if (remove) return removeCall(remove, id);
  return (await http.delete<Envelope<unknown>>(itemPath(listPathOf(descriptor), id))).data.msg;
};

/** Creates or updates one row; answers the whole envelope: its `msg` ("新增成功") and what was saved. */
export const saveRowAnswer = async (descriptor: AnyDescriptor, id: string | number | undefined, body: Record<string, unknown>): Promise<Envelope<unknown>> => {
  const target = endpointOf(descriptor, id === undefined ? 'create' : 'update');
  // the form shows refused fields under their inputs (ResourceFormModal)
  if (target) return callEnvelopeLoose(target, id === undefined ? { body, placesFields: true } : { params: { id }, body, placesFields: true });
  const config = { placesFields: true };
  const response =
    id === undefined ? await http.post<Envelope<unknown>>(listPathOf(descriptor), body, config) : await http.put<Envelope<unknown>>(itemPath(listPathOf(descriptor), id), body, config);
  return response.data;
};

export const saveRow = async (descriptor: AnyDescriptor, id: string | number | undefined, body: Record<string, unknown>): Promise<string> => (await saveRowAnswer(descriptor, id, body)).msg;

/** Where 导出 asks for the file: the export endpoint, or {listPath}/Actions/Export. */
export const exportPathOf = (descriptor: AnyDescriptor): string => {
  if (descriptor.endpoints) {
    if (!descriptor.endpoints.export) throw new Error(`${descriptor.name}没有导出接口`);
    return descriptor.endpoints.export.path;
  }
  return `${listPathOf(descriptor)}/Actions/Export`;
};
