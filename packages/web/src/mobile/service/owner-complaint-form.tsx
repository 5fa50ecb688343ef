import { complaintPhotoMessages, ownerComplaintInput, type ComplaintCategory, type OwnerComplaint, type OwnerComplaintValues } from '@parking/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { App, Button, Select } from 'antd';
import { useState } from 'react';
import { ownerApi } from '../../modules/customers';
import { useSignInAgain } from '../customers/owner-layout';
import { ComplaintCategoryField, ComplaintContentField, ServiceFormActions } from './complaint-fields';
import { ownerComplaintsApi } from './owner-complaints-api';
import { linkedStayText, type LinkedStay } from './owner-service-links';
import { PhotoPicker, uploadPicked } from './photo-picker';

/**
 * 我要投诉: the type, an optional plate of the owner's, the stay it started from (when it did) and what
 * happened; checked by the contract's rules before it is sent.
 */
export function OwnerComplaintForm({
  stay,
  onClearStay,
  onFiled,
  onCancel,
}: {
  stay: LinkedStay | null;
  onClearStay: () => void;
  onFiled: (filed: OwnerComplaint) => void;
  onCancel: () => void;
}) {
  const vehicles = useQuery({ queryKey: ['owner', 'vehicles'], queryFn: ownerApi.vehicles, retry: false });
  const [category, setCategory] = useState<ComplaintCategory>();
  const [plate, setPlate] = useState<string | undefined>(stay?.plate || undefined);
  const [content, setContent] = useState('');
  const [invalid, setInvalid] = useState('');
  const [photos, setPhotos] = useState<File[]>([]);
  const { message } = App.useApp();
  // the complaint is filed first; its photos follow one by one, and one refused does not undo the filing
  const file = useMutation({
    mutationFn: async (body: OwnerComplaintValues) => {
      const filed = await ownerComplaintsApi.file(body);
      const sent = await uploadPicked(photos, (photo) => ownerComplaintsApi.addPhoto(filed.id, photo));
      if (sent.failed) message.warning(`投诉已提交，${sent.failed}张照片上传失败，可稍后补充`);
      return { ...filed, photos: sent.photos ?? filed.photos };
    },
    onSuccess: onFiled,
  });
  useSignInAgain(file.error);

  const plates = [...new Set([...(vehicles.data ?? []).map((v) => v.plateNumber), ...(stay?.plate ? [stay.plate] : [])])];
  const submit = () => {
    setInvalid('');
    const checked = ownerComplaintInput.safeParse({ category, content, plateNumber: plate ?? '', recordId: stay?.recordId ?? null });
    if (!checked.success) return setInvalid(checked.error.issues[0]?.message ?? '请检查填写的内容');
    file.mutate(checked.data);
  };
  const error = invalid || file.error?.message;

  return (
    <section className="owner-card">
      <div className="owner-card__title">我要投诉</div>
      <ComplaintCategoryField value={category} onChange={setCategory} />
      <div className="owner-field__label">车牌号（选填）</div>
      <Select
        size="large"
        style={{ width: '100%' }}
        allowClear
        aria-label="车牌号"
        placeholder={plates.length ? '选择我的车辆' : '绑定车辆后可选择车牌'}
        options={plates.map((p) => ({ value: p, label: p }))}
        value={plate}
        onChange={(value?: string) => setPlate(value)}
      />
      {stay && (
        <div className="owner-complaint-form__stay" data-testid="owner-complaint-stay">
          <span className="owner-complaint__text">停车记录：{linkedStayText(stay)}</span>
          <Button type="link" size="small" onClick={onClearStay}>
            清除
          </Button>
        </div>
      )}
      <ComplaintContentField rows={5} placeholder="请描述发生了什么，如时间、地点、金额" value={content} onChange={setContent} />
      <PhotoPicker files={photos} onChange={setPhotos} messages={complaintPhotoMessages} />
      <ServiceFormActions submitLabel="提交投诉" error={error} sending={file.isPending} onSubmit={submit} onCancel={onCancel} />
    </section>
  );
}
