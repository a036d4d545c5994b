import { useSearchParams } from 'react-router';
import { MessageDetail } from '@/features/message/components/MessageDetail';
import { positiveId } from '@/shared/url/positive-id';

/** Route `/{cdn|dns}/message/detail?id=`. */
export function MessageDetailPage() {
  const [params] = useSearchParams();
  return <MessageDetail id={positiveId(params.get('id'))} />;
}
