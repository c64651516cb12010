import { guideSettingResource } from '@kayuh/contract/resources/guideSetting';
import ResourcePage from '../../../shared/resource/ResourcePage';
import type { ResourceExtras } from '../../../shared/resource/resourceExtras';
import { SafeHtml } from '../../../shared/SafeHtml';

/** The closing message is HTML written by staff: shown as the tour shows it, sanitized (DESIGN §10). */
const guideSettingExtras: ResourceExtras = {
  fields: {
    remark: { cell: (value) => (value ? <SafeHtml html={String(value)} className="kayuh-tour-remark" /> : '--') },
  },
};

/** operations/steps/list: the platform's tour steps, through the engine. */
export default function GuideSettingsPage() {
  return <ResourcePage resource={guideSettingResource} extras={guideSettingExtras} />;
}
