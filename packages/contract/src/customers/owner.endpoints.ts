import { z } from 'zod';
import { endpoint, idParams } from '../common/endpoint.js';
import {
  customerOwed,
  customerOwedPath,
  customerOwedQuery,
  customerPaymentQuery,
  customerPayments,
  customerPaymentsPath,
  customerStayQuery,
  customerStays,
  customerStaysPath,
  ownerArrears,
  ownerBindInput,
  ownerNotice,
  ownerPaths,
  ownerPhoneCodesInput,
  ownerPhoneCodesResult,
  ownerPhoneInput,
  ownerPayResult,
  ownerProfile,
  ownerSession,
  ownerSignInInput,
  ownerSmsCodeInput,
  ownerSmsCodeResult,
  ownerStayPage,
  ownerStayQuery,
  ownerVehicle,
} from './owner.schema.js';

const vehicleId = idParams('车辆编号格式不正确');

/** The owner's phone pages; every call but the code and sign-in carries the owner's token. */
export const ownerEndpoints = {
  smsCode: endpoint({ method: 'POST', path: ownerPaths.smsCode, body: ownerSmsCodeInput, answer: ownerSmsCodeResult }),
  signIn: endpoint({ method: 'POST', path: ownerPaths.signIn, body: ownerSignInInput, answer: ownerSession }),
  signOut: endpoint({ method: 'POST', path: ownerPaths.signOut, answer: z.null() }),
  me: endpoint({ method: 'GET', path: ownerPaths.me, answer: ownerProfile }),
  vehicles: endpoint({ method: 'GET', path: ownerPaths.vehicles, answer: z.array(ownerVehicle) }),
  bind: endpoint({ method: 'POST', path: ownerPaths.vehicles, body: ownerBindInput, answer: ownerVehicle }),
  unbind: endpoint({ method: 'POST', path: ownerPaths.unbind, params: vehicleId, answer: ownerVehicle }),
  /** the photo is the multipart field `file`, not a JSON body */
  authenticate: endpoint({ method: 'POST', path: ownerPaths.authenticate, params: vehicleId, answer: ownerVehicle }),
  notices: endpoint({ method: 'GET', path: ownerPaths.notices, answer: z.array(ownerNotice) }),
  phoneCodes: endpoint({ method: 'POST', path: ownerPaths.phoneCodes, body: ownerPhoneCodesInput, answer: ownerPhoneCodesResult }),
  changePhone: endpoint({ method: 'POST', path: ownerPaths.phone, body: ownerPhoneInput, answer: ownerProfile }),
  stays: endpoint({ method: 'GET', path: ownerPaths.stays, query: ownerStayQuery, answer: ownerStayPage }),
  arrears: endpoint({ method: 'GET', path: ownerPaths.arrears, answer: ownerArrears }),
  payArrear: endpoint({ method: 'POST', path: ownerPaths.payArrear, params: idParams('停车记录编号格式不正确'), answer: ownerPayResult }),
};

/** 车主详情's stays, payments and arrears, for holders of 车主. */
export const customerStayEndpoints = {
  owed: endpoint({ method: 'GET', path: customerOwedPath, query: customerOwedQuery, answer: customerOwed }),
  stays: endpoint({ method: 'GET', path: customerStaysPath, params: idParams('车主编号格式不正确'), query: customerStayQuery, answer: customerStays }),
  payments: endpoint({ method: 'GET', path: customerPaymentsPath, params: idParams('车主编号格式不正确'), query: customerPaymentQuery, answer: customerPayments }),
};
