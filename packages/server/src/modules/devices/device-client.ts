import { deviceSignatureHeader } from '@parking/contract';
import { deviceBody, signatureOf } from './device-signing.js';

/** What a device knows of itself: the tenant it reports to, its sn and the secret it was issued. */
export interface DeviceCredentials {
  tenant: string;
  sn: string;
  secret: string;
}

/**
 * The body and headers of a signed device call to `path`, the way a camera or PDA builds them
 * (contract devices/device-ingestion.schema.ts): the signature covers the body's exact bytes.
 */
export const signDeviceCall = (path: string, device: DeviceCredentials, fields: Record<string, unknown>) => {
  const message = deviceBody(device.tenant, device.sn, fields);
  const body = JSON.stringify(message);
  return { body, headers: { 'content-type': 'application/json', [deviceSignatureHeader]: signatureOf(path, device.secret, message, body) } };
};

/** Posts a signed device call to a running server and reads its envelope. */
export const postDeviceCall = async <T>(baseUrl: string, path: string, device: DeviceCredentials, fields: Record<string, unknown>) => {
  const { body, headers } = signDeviceCall(path, device, fields);
  const response = await fetch(new URL(path, baseUrl), { method: 'POST', body, headers });
  const envelope = (await response.json().catch(() => ({ code: response.status, msg: response.statusText }))) as { code: number; msg: string; data?: T };
  return { status: response.status, ...envelope };
};
