import { userResource } from '@kayuh/contract/resources/user';
import ResourcePage from '../../../shared/resource/ResourcePage';
import { userExtras } from './userExtras';

/** configure/user: the engine's staff list, with password reset and forced sign-out. */
export default function UserPage() {
  return <ResourcePage resource={userResource} extras={userExtras} />;
}
