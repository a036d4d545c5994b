// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { WorkOrderListPage } from '@/features/work-orders/pages/WorkOrderListPage';
import { WorkOrderSubmitStep1Page } from '@/features/work-orders/pages/WorkOrderSubmitStep1Page';
import { WorkOrderSubmitStep2Page } from '@/features/work-orders/pages/WorkOrderSubmitStep2Page';
import { FALLBACK_WEB_CONFIG } from '@/shared/config/useWebConfig';
import { fakeApi, renderWithApp, setUpComponentTests } from '@/shared/test/render';

const emptyPage = { list: [], totalCount: 0, pageSize: 20, currPage: 1 };
const serve = (stopWork: 0 | 1) =>
  fakeApi({
    'app/common/web/config': { ...FALLBACK_WEB_CONFIG, power: { ...FALLBACK_WEB_CONFIG.power, stopWork } },
    'app/work-order/list': emptyPage,
  });
const PAUSED = 'Work orders are paused';
const newButton = () => screen.getByRole('button', { name: /Submit a work order/ });

describe('power.stopWork in the customer work-order screens', { timeout: 40_000 }, () => {
  setUpComponentTests();

  it('the list says work orders are paused and "new" is disabled', async () => {
    serve(1);
    renderWithApp(<WorkOrderListPage />, { path: '/cdn/work-order/list/status' });
    expect(await screen.findByText(PAUSED)).toBeTruthy();
    expect(
      screen.getByText(
        'New work orders cannot be submitted for now. You can still reply to your existing work orders.',
      ),
    ).toBeTruthy();
    expect(newButton().hasAttribute('disabled')).toBe(true);
    expect(await screen.findByText('No work orders yet.')).toBeTruthy();
  });

  it('the list offers "new" when work orders are not paused', async () => {
    const { calls } = serve(0);
    renderWithApp(<WorkOrderListPage />, { path: '/cdn/work-order/list/status' });
    expect(await screen.findByText('No work orders yet. Submit one when you need help.')).toBeTruthy();
    expect(calls.some((c) => c.path === 'app/common/web/config')).toBe(true);
    expect(newButton().hasAttribute('disabled')).toBe(false);
    expect(screen.queryByText(PAUSED)).toBeNull();
  });

  it('the submit steps give way to the notice and a way back, whatever link led there', async () => {
    serve(1);
    renderWithApp(<WorkOrderSubmitStep1Page />, { path: '/cdn/work-order/submit/step-1' });
    expect(await screen.findByText(PAUSED)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to my work orders' }).getAttribute('href')).toBe(
      '/cdn/work-order/list/status',
    );
  });

  it('step 2 is not offered while paused either, and is when not paused', async () => {
    serve(1);
    const paused = renderWithApp(<WorkOrderSubmitStep2Page />, {
      path: '/cdn/work-order/submit/step-2?category=other',
    });
    expect(await screen.findByText(PAUSED)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
    paused.unmount();

    serve(0);
    renderWithApp(<WorkOrderSubmitStep2Page />, { path: '/cdn/work-order/submit/step-2?category=other' });
    expect(await screen.findByRole('button', { name: 'Submit' })).toBeTruthy();
    expect(screen.queryByText(PAUSED)).toBeNull();
  });
});
