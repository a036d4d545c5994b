import type { WorkOrderImage as Image_ } from '@nimbus/contract';
import { Image, Skeleton } from 'antd';
import type { WorkOrderSide } from '@/features/work-orders/api/work-orders-api';
import { useImageUrl } from '@/features/work-orders/hooks/useWorkOrders';

const SIZE = 96;

/** A thumbnail of a private image, opening the full image on click. */
export function WorkOrderImage({ side, image }: { side: WorkOrderSide; image: Image_ }) {
  const url = useImageUrl(side, image.id);
  if (!url) return <Skeleton.Image active style={{ width: SIZE, height: SIZE }} />;
  return (
    <Image
      src={url}
      alt={image.name}
      width={SIZE}
      height={SIZE}
      style={{ objectFit: 'contain', borderRadius: 6, border: '1px solid rgba(128, 128, 128, 0.3)' }}
    />
  );
}
