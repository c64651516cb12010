import { RouterProvider } from 'react-router';
import { CatalogueGate } from './CatalogueGate';
import { AppProvider } from './provider';
import { router } from './router';

export function App() {
  return (
    <AppProvider>
      <CatalogueGate>
        <RouterProvider router={router} />
      </CatalogueGate>
    </AppProvider>
  );
}
