import http from 'node:http';
import https from 'node:https';
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

// devices keep their connections open, as a camera posting event after event does
const agents = { 'http:': new http.Agent({ keepAlive: true }), 'https:': new https.Agent({ keepAlive: true }) };

/** Posts a signed device call to a running server and reads its envelope. Plain node:http: fetch costs a simulator driving thousands of events several times the CPU. */
export const postDeviceCall = <T>(baseUrl: string, path: string, device: DeviceCredentials, fields: Record<string, unknown>) => {
  const { body, headers } = signDeviceCall(path, device, fields);
  const url = new URL(path, baseUrl);
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<{ status: number; code: number; msg: string; data?: T }>((resolve, reject) => {
    const request = client.request(
      url,
      { method: 'POST', headers: { ...headers, 'content-length': Buffer.byteLength(body) }, agent: agents[url.protocol as keyof typeof agents] },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const status = response.statusCode ?? 0;
          let envelope: { code: number; msg: string; data?: T };
          try {
            envelope = JSON.parse(Buffer.concat(chunks).toString('utf8'));
          } catch {
            envelope = { code: status, msg: response.statusMessage ?? '' };
          }
          resolve({ status, ...envelope });
        });
      },
    );
    request.on('error', reject);
    request.end(body);
  });
};
