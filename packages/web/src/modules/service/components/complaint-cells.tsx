import type { Complaint } from '@parking/contract';
import { Tag } from 'antd';
import { PlateText } from '../../../shared/components/plate-text';
import { formatDateTime } from '../../../shared/resource/value-format';
import '../service.css';

/** 处理时限 with what the server judged of it: 已逾期 while open past it, 逾期办结 once completed after it. */
export function ComplaintDeadline({ complaint }: { complaint: Pick<Complaint, 'deadlineAt' | 'overdue' | 'status'> }) {
  return (
    <span className="complaint-deadline">
      {formatDateTime(complaint.deadlineAt)}
      {complaint.overdue && (complaint.status === 'done' ? <Tag color="warning">逾期办结</Tag> : <Tag color="error">已逾期</Tag>)}
    </span>
  );
}

/** The plate on its colour when the stay gave one; a plate typed from a call has none, and is not guessed blue. */
export function ComplaintPlate({ plate, colour }: { plate: string; colour: number | null }) {
  if (!plate) return '-';
  return colour === null ? <span className="complaint-plate">{plate}</span> : <PlateText plate={plate} colour={colour} />;
}
