import type { ParkingRecordPhotoKind } from '@parking/contract';
import { useQuery } from '@tanstack/react-query';
import { Empty, Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import { fetchParkingRecordPhoto, parkingRecordResourceKey } from '../orders-api';

export const noPhotoText = '暂无图片';

interface RecordPhotoProps {
  recordId: string;
  which: ParkingRecordPhotoKind;
  /** whether the record keeps such a photo at all: none is asked for when it does not */
  present: boolean;
}

const photoAlt: Readonly<Record<ParkingRecordPhotoKind, string>> = { entry: '入场照片', exit: '出场照片' };

/** A record's photo, fetched with the signed-in token and shown from an object URL; 暂无图片 when there is none or it fails. */
export function RecordPhoto({ recordId, which, present }: RecordPhotoProps) {
  const photo = useQuery({
    queryKey: [parkingRecordResourceKey, 'photo', recordId, which],
    queryFn: () => fetchParkingRecordPhoto(recordId, which),
    enabled: present,
    retry: false,
    staleTime: Infinity,
  });
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!photo.data) return undefined;
    const objectUrl = URL.createObjectURL(photo.data);
    setUrl(objectUrl);
    return () => {
      URL.revokeObjectURL(objectUrl);
      setUrl(undefined);
    };
  }, [photo.data]);

  if (present && (photo.isLoading || (photo.data && !url))) return <Skeleton.Image active className="record-photo__image" />;
  if (!present || photo.isError || !url) return <Empty className="record-photo__empty" image={Empty.PRESENTED_IMAGE_SIMPLE} description={noPhotoText} />;
  return <img className="record-photo__image" src={url} alt={photoAlt[which]} />;
}
