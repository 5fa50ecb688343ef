import { parkingQrCodeEndpoints, pathOf, type ParkingLane, type ParkingLot } from '@parking/contract';
import { call } from '../../shared/http/call';
import { downloadFile, fetchFile } from '../../shared/resource/export-download';

/** The lot's QR code as a PNG blob, with the file name the server gives it (the lot's name). */
export const fetchLotQrCode = (lot: Pick<ParkingLot, 'id' | 'name'>) => fetchFile(pathOf(parkingQrCodeEndpoints.lot, { id: lot.id }), {}, `${lot.name}.png`);

/** A lane's QR code as a PNG blob, named as the server names it: 「停车场-车道.png」. */
export const fetchLaneQrCode = (lane: Pick<ParkingLane, 'id' | 'name' | 'lotName'>) => fetchFile(pathOf(parkingQrCodeEndpoints.lane), { id: lane.id }, `${lane.lotName}-${lane.name}.png`);

/** Every lane's and space's scan URL of a lot, for the printable sheet. */
export const fetchQrCodeSheet = (lotId: string) => call(parkingQrCodeEndpoints.sheet, { query: { parkingId: lotId } });

/** Every space's QR code of the lot in one zip, saved as the server names it. */
export const downloadSpaceQrCodes = (lot: Pick<ParkingLot, 'id' | 'name'>) => downloadFile(pathOf(parkingQrCodeEndpoints.spaces), { parkingId: lot.id }, `${lot.name}-泊位二维码.zip`);
