import { useSearchParams } from 'react-router';
import { MessageDetail, parseMessageId } from '@/features/message/components/MessageDetail';

/** Route `/{cdn|dns}/message/detail?id=`. */
export function MessageDetailPage() {
  const [params] = useSearchParams();
  return <MessageDetail id={parseMessageId(params.get('id'))} />;
}
