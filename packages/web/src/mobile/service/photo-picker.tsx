import { privatePhotoIssue, privatePhotoRules, servicePhotoLimit, type privatePhotoMessages } from '@parking/contract';
import { Button } from 'antd';
import { useState } from 'react';
import { useObjectUrl } from '../../shared/photos/private-photos';

function PickedPreview({ file, index, onRemove }: { file: File; index: number; onRemove: () => void }) {
  const url = useObjectUrl(file);
  return (
    <div className="photo-picker__item" data-testid="picked-photo">
      {url && <img className="photo-picker__image" src={url} alt={`已选照片${index + 1}`} />}
      <Button size="small" type="link" danger onClick={onRemove}>
        移除
      </Button>
    </div>
  );
}

/**
 * 上传照片 on the phone's 投诉/申诉 forms: up to 4, each previewed and removable before sending; a
 * file the server would refuse (type, size, empty) is refused here first with the same words. The
 * photos are sent after the item is filed (uploadPicked).
 */
export function PhotoPicker({ files, onChange, messages }: { files: readonly File[]; onChange: (files: File[]) => void; messages: ReturnType<typeof privatePhotoMessages> }) {
  const [issue, setIssue] = useState('');
  const pick = (picked: FileList | null) => {
    const chosen = [...(picked ?? [])];
    const refused = chosen.map((file) => privatePhotoIssue(file, messages)).find(Boolean);
    const fitting = chosen.filter((file) => !privatePhotoIssue(file, messages));
    const room = servicePhotoLimit - files.length;
    setIssue(refused ?? (fitting.length > room ? `最多上传${servicePhotoLimit}张照片` : ''));
    onChange([...files, ...fitting.slice(0, Math.max(room, 0))]);
  };
  return (
    <div className="photo-picker">
      <div className="owner-field__label">
        照片（选填，{files.length}/{servicePhotoLimit}）
      </div>
      <div className="photo-picker__list">
        {files.map((file, index) => (
          <PickedPreview key={`${file.name}-${index}`} file={file} index={index} onRemove={() => onChange(files.filter((_, at) => at !== index))} />
        ))}
        {files.length < servicePhotoLimit && (
          <label className="photo-picker__add">
            <input
              type="file"
              accept={privatePhotoRules.types.join(',')}
              multiple
              aria-label="添加照片"
              onChange={(e) => {
                pick(e.target.files);
                e.target.value = '';
              }}
            />
            <span>＋ 添加照片</span>
          </label>
        )}
      </div>
      <div className={issue ? 'photo-picker__issue' : 'owner-hint'}>{issue || messages.hint}</div>
    </div>
  );
}

/**
 * Sends the picked photos one by one after the item is filed; answers the photos the server then
 * holds (the last answer) and how many were refused, so the page can say so without losing the filing.
 */
export async function uploadPicked<P>(files: readonly File[], upload: (file: File) => Promise<P[]>) {
  let photos: P[] | undefined;
  let failed = 0;
  for (const file of files) {
    try {
      photos = await upload(file);
    } catch {
      failed += 1;
    }
  }
  return { photos, failed };
}
