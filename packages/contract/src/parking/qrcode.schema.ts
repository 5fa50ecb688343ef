import { z } from 'zod';
import { parkingLaneDirections } from './lane.schema.js';

/** QR codes of lots, lanes and spaces (their paths are fixed: do not rename them), and the public call a scan lands on. */
export const parkingQrCodePaths = {
  /** PNG of a lot's QR code */
  lot: '/api/system/Parking/BuildGateParkingQRCode/:id',
  /** PNG of a lane's QR code: `?id=<laneId>` */
  lane: '/api/system/ParkingLane/build/wxApplet/qRCode',
  /** zip of every space's QR code of a lot: `?parkingId=<lotId>` */
  spaces: '/api/system/Parking/downloadQRCodeBySpace',
  /** every lane's and space's code of a lot, for the printable sheet: `?parkingId=<lotId>` */
  sheet: '/api/system/Parking/qrCodeSheet',
  /** no sign-in: what a scanned code points at, `?t=<token>` */
  resolve: '/api/public/scan/resolve',
} as const;

export const scanTargetKinds = ['lot', 'lane', 'space'] as const;
export type ScanTargetKind = (typeof scanTargetKinds)[number];

/** What the driver's phone page does with a scan: an in-lane lets the car in, an out-lane out; a lot or space shows its page. */
export const scanActions = ['enter', 'exit', 'visit'] as const;
export type ScanAction = (typeof scanActions)[number];

/** The phone page each action opens, under the public base URL: `${base}${scanPagePaths[action]}?t=<token>`. */
export const scanPagePaths: Readonly<Record<ScanAction, string>> = { enter: '/m/enter', exit: '/m/exit', visit: '/m/scan' };

export const parkingLaneQrCodeQuery = z.strictObject({ id: z.uuid({ error: '车道编号格式不正确' }) });
export const parkingSpaceQrCodesQuery = z.strictObject({ parkingId: z.uuid({ error: '停车场编号格式不正确' }) });
export const scanResolveQuery = z.strictObject({
  t: z.string({ error: '缺少二维码参数' }).trim().min(1, '缺少二维码参数').max(1024, '二维码无效或已被篡改'),
});

export const scanTarget = z.object({
  kind: z.enum(scanTargetKinds),
  action: z.enum(scanActions),
  tenantCode: z.string(),
  lotId: z.string(),
  lotName: z.string(),
  /** the lane's or the space's, null for a lot */
  laneName: z.string().nullable(),
  spaceNumber: z.string().nullable(),
});
export type ScanTarget = z.infer<typeof scanTarget>;

export const parkingQrCodeSheetQuery = z.strictObject({ parkingId: z.uuid({ error: '停车场编号格式不正确' }) });

/**
 * What the printable sheet of a lot prints: each lane's and space's scan URL (the same signed URL
 * its PNG holds), drawn as a code with its name under it. Lanes by sort order, spaces by number.
 */
export const parkingQrCodeSheet = z.object({
  lotId: z.string(),
  lotName: z.string(),
  lanes: z.array(z.object({ id: z.string(), name: z.string(), direction: z.enum(parkingLaneDirections), url: z.string() })),
  spaces: z.array(z.object({ id: z.string(), number: z.string(), url: z.string() })),
});
export type ParkingQrCodeSheet = z.infer<typeof parkingQrCodeSheet>;
