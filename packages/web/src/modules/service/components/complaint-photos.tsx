import { complaintPhotoMessages, servicePhotoLimit, staffComplaintChannels, type ComplaintDetail } from '@parking/contract';
import { PrivatePhotoList } from '../../../shared/photos/private-photos';
import { complaintPhotoKey, loadComplaintPhoto, useAddComplaintPhoto, useRemoveComplaintPhoto } from '../complaint-api';

/**
 * 投诉照片: every photo of the complaint, large on a click. Staff add and remove their own on a
 * complaint entered in the console while it is open; the owner's own filing carries the owner's photos.
 */
export function ComplaintPhotos({ complaint }: { complaint: ComplaintDetail }) {
  const add = useAddComplaintPhoto();
  const remove = useRemoveComplaintPhoto();
  const editable = complaint.status !== 'done' && (staffComplaintChannels as readonly string[]).includes(complaint.channel);
  return (
    <PrivatePhotoList
      photos={complaint.photos}
      limit={servicePhotoLimit}
      name="投诉照片"
      messages={complaintPhotoMessages}
      keyOf={(photo) => complaintPhotoKey(complaint.id, photo.id)}
      load={(photo) => loadComplaintPhoto(complaint.id, photo.id)}
      {...(editable
        ? {
            onAdd: (file: File) => add.mutateAsync({ id: complaint.id, input: file }),
            onRemove: (photo: { id: string }) => remove.mutateAsync({ id: complaint.id, input: photo.id }),
            canRemove: (photo: { addedBy: string }) => photo.addedBy === 'staff',
          }
        : {})}
    />
  );
}
