import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '../../../app/provider';
import { mockApi, ok } from '../../../testing/api';
import { loadTestCatalogue } from '../../../testing/catalogue';
import { dictApi } from '../../../testing/resource';
import { resetApp, signIn, superAdmin } from '../../../testing/session';
import { KycReviewModal } from './KycReviewModal';

/** The review dialog: both photos read with the session, the number revealed on request, the decision sent. */
beforeEach(() => {
  loadTestCatalogue('EN');
  signIn(superAdmin);
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:photo'), revokeObjectURL: vi.fn() }));
});
afterEach(() => {
  cleanup();
  resetApp();
});

const row = {
  kycReviewId: 7,
  tenantId: 2,
  memberPhone: '+6281200000101',
  realName: 'Dewi Lestari',
  idType: 1,
  idNumberMasked: '3171********0012',
  birthDate: '2011-08-15',
  age: 15,
  duplicateOf: 'MB2611270000042',
  status: 0,
  createdAt: '2026-11-27T03:00:00.000Z',
  version: 0,
};
const png = () => new Response(new Uint8Array([0x89, 0x50, 0x4e, 0x47]), { status: 200, headers: { 'content-type': 'image/png' } });

function open(onClose = vi.fn()) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <AppProvider>
        <KycReviewModal row={row} onClose={onClose} />
      </AppProvider>
    </QueryClientProvider>,
  );
  return onClose;
}

describe('reviewing an identity check', () => {
  it('shows both photos, flags a minor and a NIK verified elsewhere, and reveals the number only when asked', async () => {
    const calls = mockApi({
      ...dictApi({ kyc_reviews_reject_reason: ['1', '2', '3', '4', '5'], kyc_reviews_id_type: ['1'], kyc_reviews_status: ['0'] }),
      'GET /user/kycReview/7/photo/idPhoto': png,
      'GET /user/kycReview/7/photo/selfie': png,
      'POST /user/kycReview/reveal': () => ok({ idNumber: '3171015508110012' }),
    });
    open();
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByRole('img', { name: 'Document photo' })).toBeTruthy();
    expect(await within(dialog).findByRole('img', { name: 'Selfie' })).toBeTruthy();
    expect(within(dialog).getByText(/Under 17/)).toBeTruthy();
    expect(within(dialog).getByText('This NIK is already verified on member MB2611270000042')).toBeTruthy();
    // A NIK verified on another member cannot be approved here.
    expect(
      within(dialog)
        .getByRole('button', { name: /Approve/ })
        .hasAttribute('disabled'),
    ).toBe(true);
    expect(within(dialog).queryByText('3171015508110012')).toBeNull();
    expect(calls.some((c) => c.path === '/user/kycReview/reveal')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: /Reveal/ }));
    expect(await within(dialog).findByText('3171015508110012')).toBeTruthy();
    expect(calls.find((c) => c.path === '/user/kycReview/reveal')!.body).toEqual({ kycReviewId: 7 });
  });

  it('rejects with the reason chosen, and closes', async () => {
    const calls = mockApi({
      ...dictApi({ kyc_reviews_reject_reason: ['1', '2', '3', '4', '5'], kyc_reviews_id_type: ['1'], kyc_reviews_status: ['0'] }),
      'GET /user/kycReview/7/photo/idPhoto': png,
      'GET /user/kycReview/7/photo/selfie': png,
      'POST /user/kycReview/rejectKyc': () => ok({ ...row, status: 2, rejectReason: 4 }),
    });
    const onClose = open();
    const dialog = await screen.findByRole('dialog');
    const reject = within(dialog).getByRole('button', { name: /Reject/ });
    expect(reject.hasAttribute('disabled')).toBe(true);
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Reject reason' }));
    fireEvent.click(await screen.findByText('Duplicate'));
    await waitFor(() => expect(reject.hasAttribute('disabled')).toBe(false));
    fireEvent.click(reject);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((c) => c.path === '/user/kycReview/rejectKyc')!.body).toEqual({ kycReviewId: 7, version: 0, rejectReason: '4' });
  });
});
