import { complaintEndpoints, complaintPhotoMessages, recordComplaintInput, type ComplaintCategory } from '@parking/contract';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Input } from 'antd';
import { useState } from 'react';
import { call } from '../../shared/http/call';
import { formatBusiness } from '../../shared/time/business-time';
import { ComplaintCategoryField, ComplaintContentField, ServiceFormActions } from './complaint-fields';
import { addRecordComplaintPhoto } from './owner-complaints-api';
import { PhotoPicker, uploadPicked } from './photo-picker';

/**
 * 对订单有疑问 on the driver's order page: the stay is the page's own (its record token), the driver says
 * what is wrong and leaves a phone to be called back on; no sign-in.
 */
export function RecordComplaint({ token }: { token: string }) {
  const [open, setOpen] = useState(false);
  const [category, setCategory] = useState<ComplaintCategory>();
  const [content, setContent] = useState('');
  const [contactPhone, setContactPhone] = useState('');
  const [invalid, setInvalid] = useState('');
  const [photos, setPhotos] = useState<File[]>([]);
  // the complaint is filed first; its photos follow with the same record token, one refused does not undo the filing
  const file = useMutation({
    mutationFn: async (body: { o: string; category: ComplaintCategory; content: string; contactPhone: string }) => {
      const filed = await call(complaintEndpoints.recordFile, { body, silent: true });
      const sent = await uploadPicked(photos, (photo) => addRecordComplaintPhoto(filed.id, body.o, photo));
      return { ...filed, failedPhotos: sent.failed };
    },
  });

  if (file.isSuccess) {
    return (
      <Alert
        type="success"
        showIcon
        title="投诉已提交，客服将尽快与您联系"
        description={`客服将在 ${formatBusiness(file.data.deadlineAt, 'MM-DD HH:mm')} 前处理，并致电您留下的号码${file.data.failedPhotos ? `（${file.data.failedPhotos}张照片上传失败）` : ''}`}
      />
    );
  }
  if (!open) {
    return (
      <Button type="link" block onClick={() => setOpen(true)}>
        对订单有疑问？投诉
      </Button>
    );
  }
  const submit = () => {
    setInvalid('');
    const checked = recordComplaintInput.safeParse({ o: token, category, content, contactPhone });
    if (!checked.success) return setInvalid(checked.error.issues[0]?.message ?? '请检查填写的内容');
    file.mutate(checked.data);
  };
  const error = invalid || file.error?.message;
  return (
    <div className="record-complaint">
      <div className="record-complaint__title">对本订单投诉</div>
      <ComplaintCategoryField value={category} onChange={setCategory} />
      <ComplaintContentField rows={4} placeholder="请描述问题，如入场时间不对、金额与公示标准不符" value={content} onChange={setContent} />
      <div className="owner-field__label">联系电话</div>
      <Input
        size="large"
        inputMode="numeric"
        maxLength={11}
        aria-label="联系电话"
        placeholder="客服将致电此号码"
        value={contactPhone}
        onChange={(e) => setContactPhone(e.target.value.trim())}
      />
      <PhotoPicker files={photos} onChange={setPhotos} messages={complaintPhotoMessages} />
      <ServiceFormActions submitLabel="提交投诉" error={error} sending={file.isPending} onSubmit={submit} onCancel={() => setOpen(false)} />
    </div>
  );
}
