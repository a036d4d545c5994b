import { CODE_CHANNELS, type CodeChannel } from '@nimbus/contract';

/** `/reset-password?channel=&target=`: the address the code went to survives a page reload. */
export function resetPasswordLink(channel?: CodeChannel, target?: string): string {
  const params = new URLSearchParams();
  if (channel) params.set('channel', channel);
  if (target) params.set('target', target);
  const query = params.toString();
  return query ? `/reset-password?${query}` : '/reset-password';
}

/** What the reset page reads back from its query; unknown channels are ignored. */
export function readResetLink(search: URLSearchParams): { channel?: CodeChannel; target?: string } {
  const channel = CODE_CHANNELS.find((c) => c === search.get('channel'));
  const target = search.get('target')?.trim() || undefined;
  return { channel, target };
}
