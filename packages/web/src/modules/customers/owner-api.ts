import {
  customerStayEndpoints,
  ownerEndpoints,
  ownerTokenHeader,
  pathOf,
  type CustomerPaymentQuery,
  type CustomerStayQuery,
  type Envelope,
  type OwnerBindInput,
  type OwnerPhoneInput,
  type OwnerVehicle,
} from '@parking/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ApiError } from '../../shared/http/api-error';
import { call, callEnvelope } from '../../shared/http/call';
import { http } from '../../shared/http/http-client';

/** The owner's token on this phone, kept apart from the staff token (SMART-TOKEN) it never travels with. */
const ownerTokenKey = 'OWNER-TOKEN';
export const ownerToken = {
  get: (): string | null => window.localStorage.getItem(ownerTokenKey),
  set: (token: string) => window.localStorage.setItem(ownerTokenKey, token),
  clear: () => window.localStorage.removeItem(ownerTokenKey),
};

/** Every owner call reports its own failures on the phone page, and carries the owner's token in its own header. */
export const asOwner = (): { silent: true; headers: Record<string, string> } => {
  const token = ownerToken.get();
  return { silent: true, headers: token ? { [ownerTokenHeader]: token } : {} };
};

/** A refusal that means the owner must sign in (again): no token, signed out, expired or 停用. */
export const needsOwnerSignIn = (error: unknown) => error instanceof ApiError && error.status === 401;

export const ownerApi = {
  smsCode: (phone: string) => call(ownerEndpoints.smsCode, { body: { phone }, silent: true }),
  signIn: (phone: string, code: string) => call(ownerEndpoints.signIn, { body: { phone, code }, silent: true }),
  signOut: () => call(ownerEndpoints.signOut, asOwner()),
  me: () => call(ownerEndpoints.me, asOwner()),
  vehicles: () => call(ownerEndpoints.vehicles, asOwner()),
  bind: async (body: OwnerBindInput) => (await callEnvelope(ownerEndpoints.bind, { body, ...asOwner() })).msg,
  unbind: async (id: string) => (await callEnvelope(ownerEndpoints.unbind, { params: { id }, ...asOwner() })).msg,
  /** 认证: the 行驶证 photo as multipart field `file`; answers the server's words ("已提交认证，请等待审核") */
  authenticate: async (id: string, photo: File) => {
    const body = new FormData();
    body.append('file', photo);
    const { headers, silent } = asOwner();
    // axios would turn FormData into JSON under the client's default JSON content type
    const response = await http.post<Envelope<OwnerVehicle>>(pathOf(ownerEndpoints.authenticate, { id }), body, { silent, headers: { ...headers, 'Content-Type': 'multipart/form-data' } });
    return response.data.msg;
  },
  notices: () => call(ownerEndpoints.notices, asOwner()),
  phoneCodes: (phone: string) => call(ownerEndpoints.phoneCodes, { body: { phone }, ...asOwner() }),
  changePhone: (body: OwnerPhoneInput) => call(ownerEndpoints.changePhone, { body, ...asOwner() }),
  stays: (currentPage: number, pageSize: number) => call(ownerEndpoints.stays, { query: { currentPage, pageSize }, ...asOwner() }),
  arrears: () => call(ownerEndpoints.arrears, asOwner()),
  payArrear: (id: string) => call(ownerEndpoints.payArrear, { params: { id }, ...asOwner() }),
};

/** 车主详情's stays in every lot, a page at a time, with what the owner paid and owes in all. */
export const useCustomerStays = (id: string, query: CustomerStayQuery) =>
  useQuery({
    queryKey: ['customer', 'detail', id, 'stays', query],
    queryFn: () => call(customerStayEndpoints.stays, { params: { id }, query }),
    placeholderData: keepPreviousData,
  });

/** 车主详情's 支付记录: the payments of the owner's plates in every lot, newest first, a page at a time. */
export const useCustomerPayments = (id: string, query: CustomerPaymentQuery) =>
  useQuery({
    queryKey: ['customer', 'detail', id, 'payments', query],
    queryFn: () => call(customerStayEndpoints.payments, { params: { id }, query }),
    placeholderData: keepPreviousData,
  });

/** how many owners one 欠费 call asks about (the server's limit) */
const owedChunk = 200;
type OwedAsk = { id: string; resolve: (owed: number) => void; reject: (error: unknown) => void };
let owedAsks: OwedAsk[] = [];

/** Answers the 欠费 cells that asked in the same tick together: one list page costs one call, not one per row. */
const flushOwed = async () => {
  const asks = owedAsks;
  owedAsks = [];
  const ids = [...new Set(asks.map((a) => a.id))];
  for (let start = 0; start < ids.length; start += owedChunk) {
    const chunk = ids.slice(start, start + owedChunk);
    const waiting = asks.filter((a) => chunk.includes(a.id));
    try {
      const answer = await call(customerStayEndpoints.owed, { query: { ids: chunk.join(',') }, silent: true });
      const owed = new Map(answer.map((row) => [row.customerId, row.owed]));
      for (const ask of waiting) ask.resolve(owed.get(ask.id) ?? 0);
    } catch (error) {
      for (const ask of waiting) ask.reject(error);
    }
  }
};

const askOwed = (id: string) =>
  new Promise<number>((resolve, reject) => {
    if (owedAsks.length === 0) setTimeout(() => void flushOwed(), 0);
    owedAsks.push({ id, resolve, reject });
  });

/** What one owner of the 车主 list owes now (欠费), asked together with the rest of the page. */
export const useCustomerOwed = (id: string) => useQuery({ queryKey: ['customer', 'owed', id], queryFn: () => askOwed(id) });
