import { within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tr } from '../../../lib/i18n';
import { mockApi, page } from '../../../testing/api';
import { loadTestCatalogue } from '../../../testing/catalogue';
import { renderApp, shellApi } from '../../../testing/renderApp';
import { dictApi, findRow } from '../../../testing/resource';
import { resetApp, signIn, superAdmin } from '../../../testing/session';

beforeEach(() => {
  loadTestCatalogue('ID');
  signIn(superAdmin);
});
afterEach(resetApp);

const report = (feedbackId: number, feedbackNo: string, priority: boolean) => ({
  feedbackId,
  tenantId: 2,
  feedbackNo,
  memberPhone: `+62812200000${feedbackId}`,
  priority,
  type: 1,
  content: 'Rem depan blong',
  photoCount: 0,
  status: 0,
  version: 0,
});

describe('the feedback page', () => {
  it('marks the reports of members whose level gives priority support, and leaves the others plain', async () => {
    mockApi({
      ...shellApi(),
      ...dictApi({ feedbacks_type: ['1'], feedbacks_status: ['0'] }),
      'POST /user/feedback/list': () => page([report(1, 'FB26112800000001', true), report(2, 'FB26112800000002', false)]),
    });
    renderApp('/user_main/backFeed');
    const first = await findRow('FB26112800000001');
    expect(within(first).getByText(tr('field.feedback.priority')).closest('.ant-tag')).toBeTruthy();
    const second = await findRow('FB26112800000002');
    expect(within(second).queryByText(tr('field.feedback.priority'))).toBeNull();
  });
});
