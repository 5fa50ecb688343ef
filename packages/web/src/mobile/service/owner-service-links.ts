import { ownerPagePaths, type OwnerStay } from '@parking/contract';
import { formatBusiness } from '../../shared/time/business-time';

/** 我的投诉 among the owner's pages */
export const ownerComplaintsPagePath = ownerPagePaths.complaints;
/** 我的申诉 among the owner's pages */
export const ownerAppealsPagePath = ownerPagePaths.appeals;

/** The stay a complaint or an appeal starts from, carried in the link so the form can show it without another call. */
export interface LinkedStay {
  recordId: string;
  plate: string;
  lot: string;
  enteredAt: string;
}

const stayLink = (pathname: string, stay: OwnerStay) => ({
  pathname,
  search: `?${new URLSearchParams({ recordId: stay.id, plate: stay.plateNumber, lot: stay.lotName, enteredAt: stay.enteredAt ?? '' }).toString()}`,
});

/** 投诉 on a stay of 我的停车: 我的投诉 with the form open on that stay. */
export const complaintLinkOf = (stay: OwnerStay) => stayLink(ownerComplaintsPagePath, stay);

/** 申诉 on a stay of 我的停车: 我的申诉 with the form open on that stay. */
export const appealLinkOf = (stay: OwnerStay) => stayLink(ownerAppealsPagePath, stay);

/** The stay of the link, or null when it names none. */
export const linkedStayOf = (search: URLSearchParams): LinkedStay | null => {
  const recordId = search.get('recordId');
  if (!recordId) return null;
  return { recordId, plate: search.get('plate') ?? '', lot: search.get('lot') ?? '', enteredAt: search.get('enteredAt') ?? '' };
};

/** <lot> <plate> <entered>, as the driver saw the stay on 我的停车 */
export const linkedStayText = (stay: LinkedStay) => [stay.lot, stay.plate, stay.enteredAt ? formatBusiness(stay.enteredAt, 'YYYY-MM-DD HH:mm') : ''].filter(Boolean).join(' ');

/** The server takes an appeal of a stay once the car is out, and not of a voided one. */
export const isAppealable = (stay: OwnerStay) => stay.state !== 'parked' && stay.state !== 'void';
