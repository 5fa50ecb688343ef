import { parkingQrCodeEndpoints, pathOf, type ParkingLot } from '@parking/contract';
import { downloadFile, fetchFile } from '../../shared/resource/export-download';

/** The lot's QR code as a PNG blob, with the file name the server gives it (the lot's name). */
export const fetchLotQrCode = (lot: Pick<ParkingLot, 'id' | 'name'>) => fetchFile(pathOf(parkingQrCodeEndpoints.lot, { id: lot.id }), {}, `${lot.name}.png`);

/** Every space's QR code of the lot in one zip, saved as the server names it. */
export const downloadSpaceQrCodes = (lot: Pick<ParkingLot, 'id' | 'name'>) => downloadFile(pathOf(parkingQrCodeEndpoints.spaces), { parkingId: lot.id }, `${lot.name}-泊位二维码.zip`);
