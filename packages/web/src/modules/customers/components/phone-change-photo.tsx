import { Empty, Image, Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import { usePhoneChangePhoto } from '../phone-change-api';

/** The request's 行驶证 photo, large and zoomable, fetched with the signed-in token; said plainly when removed. */
export function PhoneChangePhoto({ id, present }: { id: string; present: boolean }) {
  const photo = usePhoneChangePhoto(id, present);
  const [url, setUrl] = useState<string>();
  // made and revoked in one effect: a remount (StrictMode) makes it afresh
  useEffect(() => {
    if (!photo.data) return undefined;
    const objectUrl = URL.createObjectURL(photo.data);
    setUrl(objectUrl);
    return () => {
      URL.revokeObjectURL(objectUrl);
      setUrl(undefined);
    };
  }, [photo.data]);

  if (!present) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="行驶证照片已按规定在审核后删除" />;
  if (photo.isLoading || (photo.data && !url)) return <Skeleton.Image active className="vehicle-auth-photo" />;
  if (photo.isError || !url) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="行驶证照片加载失败" />;
  return <Image className="vehicle-auth-photo" src={url} alt="行驶证照片" width="100%" preview={{ mask: '点击放大查看' }} />;
}
