import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { privatePhotoIssue, privatePhotoRules, type Envelope, type privatePhotoMessages } from '@parking/contract';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Empty, Image, Popconfirm, Skeleton, Space, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { http } from '../http/http-client';
import './private-photos.css';

/** Posts one photo as multipart field `file` with the caller's headers (an owner's token); answers the envelope. */
export async function postPhoto<T>(path: string, file: File, options: { headers?: Record<string, string>; params?: Record<string, string>; silent?: boolean } = {}) {
  const body = new FormData();
  body.append('file', file);
  // axios would turn FormData into JSON under the client's default JSON content type
  const response = await http.post<Envelope<T>>(path, body, { silent: options.silent, params: options.params, headers: { ...options.headers, 'Content-Type': 'multipart/form-data' } });
  return response.data;
}

/** A blob as an address the page may show, made and revoked in one effect (a remount makes it afresh). */
export const useObjectUrl = (blob: Blob | undefined) => {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!blob) return undefined;
    const objectUrl = URL.createObjectURL(blob);
    setUrl(objectUrl);
    return () => {
      URL.revokeObjectURL(objectUrl);
      setUrl(undefined);
    };
  }, [blob]);
  return url;
};

/** One private photo, fetched with the viewer's credentials (it is never at a public address). */
function PrivatePhotoThumb({ queryKey, load, alt }: { queryKey: readonly unknown[]; load: () => Promise<Blob>; alt: string }) {
  const photo = useQuery({ queryKey, queryFn: load, retry: false, staleTime: Infinity });
  const url = useObjectUrl(photo.data);
  if (photo.isError) return <div className="private-photos__failed">加载失败</div>;
  if (!url) return <Skeleton.Image active className="private-photos__thumb" />;
  return <Image className="private-photos__thumb" src={url} alt={alt} width={96} height={96} preview={{ mask: '点击放大' }} />;
}

interface PhotoListProps<P extends { id: string }> {
  photos: readonly P[];
  limit: number;
  /** what a photo is called ('投诉照片'), in its alt text and the messages */
  name: string;
  messages: ReturnType<typeof privatePhotoMessages>;
  /** the query key a photo's bytes are kept under, and how they are fetched */
  keyOf: (photo: P) => readonly unknown[];
  load: (photo: P) => Promise<Blob>;
  /** given, an upload control with the count x/limit; rejects with the server's words */
  onAdd?: (file: File) => Promise<unknown>;
  /** given, photos it allows carry a 删除 */
  onRemove?: (photo: P) => Promise<unknown>;
  canRemove?: (photo: P) => boolean;
}

/**
 * A complaint's or an appeal's photos as thumbnails that open large, with, where the viewer may, an
 * upload control that says how many of the limit are taken and a 删除 on each of their own.
 */
export function PrivatePhotoList<P extends { id: string }>({ photos, limit, name, messages, keyOf, load, onAdd, onRemove, canRemove = () => true }: PhotoListProps<P>) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const full = photos.length >= limit;

  const add = async (file: File) => {
    const issue = privatePhotoIssue(file, messages);
    if (issue) return void message.error(issue);
    setBusy(true);
    try {
      await onAdd?.(file);
      message.success('照片已上传');
    } catch (error) {
      message.error(error instanceof Error ? error.message : '照片上传失败');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="private-photos" data-testid="private-photos">
      {photos.length === 0 && !onAdd ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={`没有${name}`} />
      ) : (
        <Image.PreviewGroup>
          <Space wrap size={8}>
            {photos.map((photo, index) => (
              <div key={photo.id} className="private-photos__item">
                <PrivatePhotoThumb queryKey={keyOf(photo)} load={() => load(photo)} alt={`${name}${index + 1}`} />
                {onRemove && canRemove(photo) && (
                  <Popconfirm title="删除这张照片？" okText="删除" cancelText="取消" onConfirm={() => onRemove(photo)}>
                    <Button size="small" type="link" danger icon={<DeleteOutlined />}>
                      删除
                    </Button>
                  </Popconfirm>
                )}
              </div>
            ))}
          </Space>
        </Image.PreviewGroup>
      )}
      {onAdd && (
        <div className="private-photos__upload">
          <Upload
            accept={privatePhotoRules.types.join(',')}
            showUploadList={false}
            disabled={full || busy}
            beforeUpload={(file) => {
              void add(file);
              return false;
            }}
          >
            <Button icon={<UploadOutlined />} loading={busy} disabled={full}>
              上传照片（{photos.length}/{limit}）
            </Button>
          </Upload>
          <span className="private-photos__hint">{full ? `最多${limit}张` : messages.hint}</span>
        </div>
      )}
    </div>
  );
}
