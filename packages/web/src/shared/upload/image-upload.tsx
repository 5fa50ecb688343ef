import { LoadingOutlined, UploadOutlined } from '@ant-design/icons';
import { imageUploadMessages, type Envelope, type ImageUploadPurpose, type UploadedImage } from '@parking/contract';
import { App, Button, Upload } from 'antd';
import { useState, type ReactNode } from 'react';
import { http } from '../http/http-client';
import { acceptFor, checkImageFile } from './image-upload-check';
import './image-upload.css';

/** Posts one image as multipart field `file`; resolves to the stored image's URL. */
export async function uploadImage(path: string, file: File): Promise<string> {
  const body = new FormData();
  body.append('file', file);
  // axios would turn FormData into JSON under the client's default JSON content type
  const response = await http.post<Envelope<UploadedImage>>(path, body, { headers: { 'Content-Type': 'multipart/form-data' } });
  return response.data.data.url;
}

interface ImageUploadProps {
  purpose: ImageUploadPurpose;
  /** where the file is posted */
  path: string;
  /** the button's text, e.g. 上传Logo */
  label: string;
  onUploaded: (url: string) => void;
  /** the current image, drawn however the caller likes */
  preview?: ReactNode;
  disabled?: boolean;
}

/** One image picked, checked against the server's rules, uploaded; the server checks again. */
export function ImageUpload({ purpose, path, label, onUploaded, preview, disabled }: ImageUploadProps) {
  const { message } = App.useApp();
  const [uploading, setUploading] = useState(false);
  const { hint } = imageUploadMessages(purpose);

  return (
    <div className="image-upload">
      {preview}
      <Upload
        accept={acceptFor(purpose)}
        showUploadList={false}
        disabled={disabled || uploading}
        beforeUpload={(file) => {
          const problem = checkImageFile(purpose, file);
          if (problem) {
            void message.error(problem);
            return Upload.LIST_IGNORE;
          }
          setUploading(true);
          uploadImage(path, file)
            .then((url) => {
              void message.success('上传成功');
              onUploaded(url);
            })
            // the HTTP layer has shown the server's msg
            .catch(() => undefined)
            .finally(() => setUploading(false));
          return false;
        }}
      >
        <Button icon={uploading ? <LoadingOutlined /> : <UploadOutlined />} disabled={disabled || uploading}>
          {uploading ? '上传中…' : label}
        </Button>
      </Upload>
      <div className="image-upload__hint">{hint}</div>
    </div>
  );
}
