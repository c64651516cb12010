import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** The API server (Fastify) in development; production serves web and API from one origin. */
const API_TARGET = process.env.KAYUH_API_TARGET ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Routes are split by React.lazy; the manifest lets tooling list what a route loads.
    manifest: true,
    rolldownOptions: {
      // rc-component packages are side-effect-free but do not say so; without this, importing antd's Input
      // drags the whole form engine (and its validator) into the login route through a shared context module.
      treeshake: { moduleSideEffects: (id: string) => !/[\\/]node_modules[\\/]@rc-component[\\/]/.test(id) },
    },
  },
});
