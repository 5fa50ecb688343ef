import { appealPhotoMessages, complaintPhotoMessages, servicePhotoLimit, type ServicePhoto } from '@parking/contract';
import { PrivatePhotoList } from '../../shared/photos/private-photos';
import { ownerAppealsApi } from './owner-appeals-api';
import { ownerComplaintsApi } from './owner-complaints-api';

/** The photos of the owner's own complaint or appeal, as thumbnails that open large; nothing when there are none. */
export function OwnerPhotos({ kind, id, photos }: { kind: 'complaint' | 'appeal'; id: string; photos: readonly ServicePhoto[] }) {
  if (photos.length === 0) return null;
  const complaint = kind === 'complaint';
  return (
    <div className="owner-photos" data-testid="owner-photos">
      <PrivatePhotoList
        photos={photos}
        limit={servicePhotoLimit}
        name={complaint ? '投诉照片' : '申诉照片'}
        messages={complaint ? complaintPhotoMessages : appealPhotoMessages}
        keyOf={(photo) => ['owner', kind, 'photo', id, photo.id]}
        load={(photo) => (complaint ? ownerComplaintsApi.photo(id, photo.id) : ownerAppealsApi.photo(id, photo.id))}
      />
    </div>
  );
}
