import { appealPhotoMessages, ownerAppealInput, type AppealReason, type OwnerAppeal, type OwnerAppealValues } from '@parking/contract';
import { useMutation } from '@tanstack/react-query';
import { App } from 'antd';
import { useState } from 'react';
import { ApiError } from '../../shared/http/api-error';
import { useSignInAgain } from '../customers/owner-layout';
import { AppealContentField, AppealReasonField, ServiceFormActions } from './complaint-fields';
import { ownerAppealsApi } from './owner-appeals-api';
import { linkedStayText, type LinkedStay } from './owner-service-links';
import { PhotoPicker, uploadPicked } from './photo-picker';

/**
 * 申诉 of one stay, opened from 申诉 on 我的停车: the stay, the reason and what is wrong; checked by the
 * contract's rules before it is sent. A refusal (not the owner's stay, not ended, already appealed) stays on the form.
 */
export function OwnerAppealForm({
  stay,
  onFiled,
  onRefused,
  onCancel,
}: {
  stay: LinkedStay;
  onFiled: (filed: OwnerAppeal) => void;
  /** a 409: an open appeal of the stay is already there, so the list is read again to show it */
  onRefused: () => void;
  onCancel: () => void;
}) {
  const [reason, setReason] = useState<AppealReason>();
  const [content, setContent] = useState('');
  const [invalid, setInvalid] = useState('');
  const [photos, setPhotos] = useState<File[]>([]);
  const { message } = App.useApp();
  // the appeal is filed first; its photos follow one by one, and one refused does not undo the filing
  const file = useMutation({
    mutationFn: async (body: OwnerAppealValues) => {
      const filed = await ownerAppealsApi.file(body);
      const sent = await uploadPicked(photos, (photo) => ownerAppealsApi.addPhoto(filed.id, photo));
      if (sent.failed) message.warning(`申诉已提交，${sent.failed}张照片上传失败`);
      return { ...filed, photos: sent.photos ?? filed.photos };
    },
    onSuccess: onFiled,
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) onRefused();
    },
  });
  useSignInAgain(file.error);

  const submit = () => {
    setInvalid('');
    const checked = ownerAppealInput.safeParse({ recordId: stay.recordId, reason, content });
    if (!checked.success) return setInvalid(checked.error.issues[0]?.message ?? '请检查填写的内容');
    file.mutate(checked.data);
  };
  const error = invalid || file.error?.message;

  return (
    <section className="owner-card">
      <div className="owner-card__title">申诉停车记录</div>
      <div className="owner-complaint-form__stay owner-appeal-form__stay" data-testid="owner-appeal-stay">
        <span className="owner-complaint__text">停车记录：{linkedStayText(stay)}</span>
      </div>
      <AppealReasonField value={reason} onChange={setReason} />
      <AppealContentField rows={5} placeholder="请说明哪里有误，如实际出场时间、应付金额" value={content} onChange={setContent} />
      <PhotoPicker files={photos} onChange={setPhotos} messages={appealPhotoMessages} />
      <ServiceFormActions submitLabel="提交申诉" error={error} sending={file.isPending} onSubmit={submit} onCancel={onCancel} />
    </section>
  );
}
