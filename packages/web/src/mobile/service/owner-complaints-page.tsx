import { complaintCategoryNames, complaintStatusNames, complaintTextMax, type ComplaintStatus, type OwnerComplaint } from '@parking/contract';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { App, Button, Empty, Input, Tag } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../shared/http/api-error';
import { formatBusiness } from '../../shared/time/business-time';
import { OwnerLayout, OwnerLoad, useSignInAgain } from '../customers/owner-layout';
import { OwnerComplaintForm } from './owner-complaint-form';
import { ownerComplaintsApi } from './owner-complaints-api';
import { linkedStayOf } from './owner-service-links';
import { OwnerPhotos } from './owner-photos';
import { OwnerServiceSwitch } from './owner-service-switch';
import './owner-complaints.css';

const complaintsKey = ['owner', 'complaints'] as const;
const statusColours: Record<ComplaintStatus, string> = { pending: 'warning', processing: 'processing', done: 'success' };
const shownTime = (iso: string) => formatBusiness(iso, 'YYYY-MM-DD HH:mm');

/** The server's answer of a filing or a supplement, put in the list without another call: a new one on top. */
const putComplaint = (queryClient: QueryClient, complaint: OwnerComplaint) =>
  queryClient.setQueryData<OwnerComplaint[]>(complaintsKey, (list = []) =>
    list.some((c) => c.id === complaint.id) ? list.map((c) => (c.id === complaint.id ? complaint : c)) : [complaint, ...list],
  );

/** 补充说明 while the complaint is open; a 已完成 one refuses it (409), and the list is read again to show the result. */
function SupplementForm({ complaint }: { complaint: OwnerComplaint }) {
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const [content, setContent] = useState('');
  const supplement = useMutation({
    mutationFn: (text: string) => ownerComplaintsApi.supplement(complaint.id, text),
    onSuccess: (answer) => {
      setContent('');
      putComplaint(queryClient, answer);
      void message.success('补充说明已提交');
    },
    onError: async (error) => {
      void message.error(error.message);
      if (error instanceof ApiError && error.status === 409) await queryClient.invalidateQueries({ queryKey: complaintsKey });
    },
  });
  useSignInAgain(supplement.error);
  const submit = () => {
    const text = content.trim();
    if (!text) return void message.error('请填写补充说明');
    if (text.length > complaintTextMax) return void message.error(`补充说明最长${complaintTextMax}个字`);
    supplement.mutate(text);
  };
  return (
    <div className="owner-complaint__supplement">
      <Input.TextArea
        rows={3}
        aria-label="补充说明"
        placeholder="补充说明（如新的情况、联系方式）"
        count={{ show: true, max: complaintTextMax }}
        value={content}
        onChange={(e) => setContent(e.target.value)}
      />
      <Button type="primary" block style={{ marginTop: 28 }} loading={supplement.isPending} onClick={submit}>
        提交
      </Button>
    </div>
  );
}

/** The whole thread: the content, staff replies (客服回复) and the owner's (我的补充) oldest first, and the result once 已完成. */
function Thread({ complaint }: { complaint: OwnerComplaint }) {
  return (
    <div className="owner-complaint__thread">
      <p className="owner-complaint__text">{complaint.content}</p>
      <OwnerPhotos kind="complaint" id={complaint.id} photos={complaint.photos} />
      {complaint.plateNumber && <div className="owner-item__sub">车牌号 {complaint.plateNumber}</div>}
      {complaint.recordId && <div className="owner-item__sub">已关联停车记录</div>}
      {complaint.replies.map((reply) => (
        <div key={reply.id} className={`owner-reply owner-reply--${reply.author}`} data-testid="owner-complaint-reply">
          <div className="owner-reply__who">
            {reply.author === 'staff' ? '客服回复' : '我的补充'} · {shownTime(reply.createdAt)}
          </div>
          <p className="owner-complaint__text">{reply.content}</p>
        </div>
      ))}
      {complaint.status === 'done' ? (
        <div className="owner-reply owner-reply--result">
          <div className="owner-reply__who">办结结果{complaint.completedAt && ` · ${shownTime(complaint.completedAt)}`}</div>
          <p className="owner-complaint__text">{complaint.result}</p>
        </div>
      ) : (
        <SupplementForm complaint={complaint} />
      )}
    </div>
  );
}

function ComplaintItem({ complaint, open, onToggle }: { complaint: OwnerComplaint; open: boolean; onToggle: () => void }) {
  return (
    <div className="owner-complaint" data-testid="owner-complaint">
      <button type="button" className="owner-complaint__head" aria-expanded={open} onClick={onToggle}>
        <span className="owner-stay__head">
          <span className="owner-stay__lot">{complaintCategoryNames[complaint.category]}</span>
          <Tag color={statusColours[complaint.status]}>{complaintStatusNames[complaint.status]}</Tag>
        </span>
        {!open && <span className="owner-complaint__first">{complaint.content.split('\n')[0]}</span>}
        <span className="owner-item__sub">受理时间 {shownTime(complaint.receivedAt)}</span>
      </button>
      {open && <Thread complaint={complaint} />}
    </div>
  );
}

/**
 * 我的投诉 (/owner/complaints): the owner's complaints newest first, each opening to its thread; 我要投诉
 * files one, opened on a stay when the driver came from 投诉 on 我的停车.
 */
export function OwnerComplaintsPage() {
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const [search, setSearch] = useSearchParams();
  const stay = linkedStayOf(search);
  const [filing, setFiling] = useState(stay !== null);
  const [openIds, setOpenIds] = useState<readonly string[]>([]);
  const complaints = useQuery({ queryKey: complaintsKey, queryFn: ownerComplaintsApi.list, retry: false });

  const clearStay = () => setSearch({}, { replace: true });
  const toggle = (id: string) => setOpenIds((ids) => (ids.includes(id) ? ids.filter((i) => i !== id) : [...ids, id]));
  const filed = (complaint: OwnerComplaint) => {
    putComplaint(queryClient, complaint);
    setOpenIds((ids) => [...ids, complaint.id]);
    setFiling(false);
    clearStay();
    void message.success('投诉已提交，客服会尽快处理');
  };

  return (
    <OwnerLayout title="我的投诉">
      <OwnerServiceSwitch />
      {filing ? (
        <OwnerComplaintForm
          stay={stay}
          onClearStay={clearStay}
          onFiled={filed}
          onCancel={() => {
            setFiling(false);
            clearStay();
          }}
        />
      ) : (
        <Button type="primary" block size="large" style={{ marginBottom: 12 }} onClick={() => setFiling(true)}>
          我要投诉
        </Button>
      )}
      <OwnerLoad pending={complaints.isPending} error={complaints.error}>
        {() => (
          <section className="owner-card">
            <div className="owner-card__title">投诉记录</div>
            {complaints.data?.length ? (
              complaints.data.map((c) => <ComplaintItem key={c.id} complaint={c} open={openIds.includes(c.id)} onToggle={() => toggle(c.id)} />)
            ) : (
              <Empty description="暂无投诉" />
            )}
          </section>
        )}
      </OwnerLoad>
    </OwnerLayout>
  );
}
