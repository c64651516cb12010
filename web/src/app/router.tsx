import { createBrowserRouter } from 'react-router';
import { bindNavigator } from '../lib/navigation';
import { routes } from './routes';

export const router = createBrowserRouter(routes);

// The HTTP client ends sessions from outside React; it navigates through the router, not a page reload.
bindNavigator((to, opts) => router.navigate(to, opts));
