import { cityResource } from '@kayuh/contract/resources/city';
import ResourcePage from '../../../shared/resource/ResourcePage';
import './cityInputs';

/** configure/city: the engine's city list, whose form sets the centre on a map. */
export default function CityPage() {
  return <ResourcePage resource={cityResource} />;
}
