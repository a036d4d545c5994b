// @vitest-environment jsdom
import type { Message } from '@nimbus/contract';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MessageDetail } from '@/features/message/components/MessageDetail';
import { positiveId } from '@/shared/url/positive-id';
import { fakeApi, renderWithApp, setUpComponentTests } from '@/shared/test/render';

const message: Message = {
  id: 5,
  title: 'Hello',
  content: 'body',
  createtime: '2025-01-02T03:04:05.000Z',
  type: 1,
  status: 1,
  readStatus: 1,
};

describe('positiveId', () => {
  it('accepts positive integers only', () => {
    expect(positiveId('12')).toBe(12);
    for (const raw of [null, '', '0', '-1', '1.5', 'abc', '1e3', '99999999999999999999']) {
      expect(positiveId(raw)).toBeUndefined();
    }
  });
});

describe('MessageDetail', { timeout: 20_000 }, () => {
  setUpComponentTests();

  it('shows the server content as plain text with its line breaks, never as HTML', async () => {
    const content = 'Line one\n<img src="x" onerror="alert(1)"><script>bad()</script>';
    const { calls } = fakeApi({ 'app/account/message/info': { ...message, content } });
    const { container } = renderWithApp(<MessageDetail id={5} />);
    expect(await screen.findByText('Hello')).toBeTruthy();
    const body = container.querySelector('article div.ant-typography') as HTMLElement;
    expect(body.textContent).toBe(content);
    expect(body.style.whiteSpace).toBe('pre-wrap');
    expect(container.querySelector('article img, article script')).toBeNull();
    expect(calls[0]?.path).toBe('app/account/message/info');
    // The breadcrumb's back button leads back; the card repeats no link of its own.
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('explains a missing id', () => {
    fakeApi({});
    renderWithApp(<MessageDetail id={undefined} />);
    expect(screen.getByText(/No message id given/)).toBeTruthy();
  });

  it('says "not found" only when the server answers that the message does not exist', async () => {
    fakeApi({});
    renderWithApp(<MessageDetail id={9} />);
    expect(await screen.findByText('This message does not exist or has been deleted.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('shows a failed load with a retry that loads the message', async () => {
    const fetchMock = vi.fn(async () => {
      if (fetchMock.mock.calls.length === 1) throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify({ code: 1, msg: 'ok', data: { ...message, title: 'Back again' } }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    });
    vi.stubGlobal('fetch', fetchMock);
    renderWithApp(<MessageDetail id={5} />);
    expect(await screen.findByText('The message could not be loaded')).toBeTruthy();
    expect(screen.queryByText(/does not exist/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Back again')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
