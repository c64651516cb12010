import { feedbackResource } from '@kayuh/contract/resources/feedbacks';
import { Tag, Typography } from 'antd';
import { useT } from '../../../lib/i18n';
import ResourcePage from '../../../shared/resource/ResourcePage';
import type { ResourceExtras } from '../../../shared/resource/resourceExtras';
import { FeedbackModal } from './FeedbackModal';

/**
 * user_main/backFeed: riders' reports from the declaration, newest first; each opened whole (its text, its photos,
 * what was done), and worked from its row — take on, reply, open a refund on its ride, link a fault on its vehicle,
 * resolve, close.
 */
/** A report from a member whose level gives priority support, marked; the others left plain. */
function PriorityCell({ value }: { value: unknown }) {
  const t = useT();
  return value === true ? <Tag color="gold">{t('field.feedback.priority')}</Tag> : null;
}

const extras: ResourceExtras = {
  rowActions: [{ name: 'open', title: 'feedback.open', readOnly: true, Dialog: FeedbackModal }],
  fields: {
    priority: { cell: (value) => <PriorityCell value={value} /> },
    content: {
      cell: (value) => (
        <Typography.Text ellipsis={{ tooltip: String(value ?? '') }} style={{ maxWidth: 280 }}>
          {String(value ?? '')}
        </Typography.Text>
      ),
    },
  },
};

export default function FeedbackPage() {
  return <ResourcePage resource={feedbackResource} extras={extras} />;
}
