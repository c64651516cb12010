import { useRouteError } from 'react-router';
import { ErrorResult } from '../shared/ErrorResult';

export default function RouteError() {
  return <ErrorResult error={useRouteError()} />;
}
