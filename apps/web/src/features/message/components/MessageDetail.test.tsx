// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MessageDetail, parseMessageId } from '@/features/message/components/MessageDetail';
import { fakeApi, renderWithApp } from '@/shared/test/render';
import { i18n } from '@/i18n';
import { stubBrowserApis } from '@/shared/ui/test-setup';

describe('parseMessageId', () => {
  it('accepts positive integers only', () => {
    expect(parseMessageId('12')).toBe(12);
    for (const raw of [null, '', '0', '-1', '1.5', 'abc', '1e3', '99999999999999999999']) {
      expect(parseMessageId(raw)).toBeUndefined();
    }
  });
});

describe('MessageDetail', { timeout: 20_000 }, () => {
  beforeAll(async () => {
    stubBrowserApis();
    await i18n.changeLanguage('en');
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the server content as plain text with its line breaks, never as HTML', async () => {
    const content = 'Line one\n<img src="x" onerror="alert(1)"><script>bad()</script>';
    const { calls } = fakeApi({
      'app/account/message/info': {
        id: 5,
        title: 'Hello',
        content,
        createtime: '2025-01-02T03:04:05.000Z',
        type: 1,
        status: 1,
        readStatus: 1,
      },
    });
    const { container } = renderWithApp(<MessageDetail id={5} />);
    expect(await screen.findByText('Hello')).toBeTruthy();
    const body = container.querySelector('article div.ant-typography') as HTMLElement;
    expect(body.textContent).toBe(content);
    expect(body.style.whiteSpace).toBe('pre-wrap');
    expect(container.querySelector('article img, article script')).toBeNull();
    expect(calls[0]?.path).toBe('app/account/message/info');
    expect(screen.getByRole('link', { name: /Back to messages/ }).getAttribute('href')).toBe('/cdn/message');
  });

  it('explains a missing id and offers the way back', () => {
    fakeApi({});
    renderWithApp(<MessageDetail id={undefined} />);
    expect(screen.getByText(/No message id given/)).toBeTruthy();
    expect(screen.getByRole('link', { name: /Back to messages/ })).toBeTruthy();
  });
});
