import { deviceParkingTypeNames, devicePagePermission, deviceParkingTypes, type DeviceParkingType } from '@parking/contract';
import type { Db } from '../../db/client.js';
import { forbidden } from '../../plugins/app-error.js';
import type { AuthContext } from '../../types.js';
import { permissionCodes } from '../system/index.js';

/** The parking types whose devices a user may see: 路内 with the 路内设备 page, 路外 with 路外设备. */
export const heldParkingTypes = async (db: Db, auth: AuthContext): Promise<DeviceParkingType[]> => {
  if (auth.isAdministrator) return [...deviceParkingTypes];
  const codes = await permissionCodes(db, auth);
  return deviceParkingTypes.filter((type) => codes.has(devicePagePermission[type]));
};

export const refuseParkingType = (type: DeviceParkingType) => forbidden(`没有${deviceParkingTypeNames[type]}设备的权限`);

/** The types a list asks for, narrowed to those held; asking for one not held is refused. */
export const listedParkingTypes = async (db: Db, auth: AuthContext, asked: DeviceParkingType | undefined) => {
  const held = await heldParkingTypes(db, auth);
  if (asked === undefined) return held;
  if (!held.includes(asked)) throw refuseParkingType(asked);
  return [asked];
};
