import { z } from 'zod';
import { endpoint } from '../common/endpoint.js';
import { devicePublicPaths, deviceSignatureHeader, heartbeatInput, heartbeatResult, screenPullInput } from './device-ingestion.schema.js';
import { laneCommandPullInput, laneCommandPullPath, laneCommandPullResult } from './lane-command.schema.js';
import { screenPullResult } from './screen.schema.js';

// a missing or malformed signature is refused like a wrong one (401), not as bad input
export const deviceSignatureHeaders = z.looseObject({
  [deviceSignatureHeader]: z.string().max(256).optional().describe('十六进制 HMAC-SHA256(设备密钥, 规范串)'),
});

/** Called by devices, signed with the device's secret; no user session. */
export const deviceIngestionEndpoints = {
  heartbeat: endpoint({ method: 'POST', path: devicePublicPaths.heartbeat, headers: deviceSignatureHeaders, body: heartbeatInput, answer: heartbeatResult }),
  screenPull: endpoint({ method: 'POST', path: devicePublicPaths.screenPull, headers: deviceSignatureHeaders, body: screenPullInput, answer: screenPullResult }),
  laneCommandPull: endpoint({ method: 'POST', path: laneCommandPullPath, headers: deviceSignatureHeaders, body: laneCommandPullInput, answer: laneCommandPullResult }),
};
