import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * Brotli and gzip copies of every text file of the build, made once here so the server sends them as they are
 * (DESIGN §9: the login route's bytes); tiny files are not worth it.
 */
function precompress(): Plugin {
  return {
    name: 'kayuh-precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      for (const name of Object.keys(bundle)) {
        if (!/\.(js|css|html|svg|json)$/.test(name)) continue;
        const file = path.join(options.dir!, name);
        const data = fs.readFileSync(file);
        if (data.length < 1024) continue;
        fs.writeFileSync(
          `${file}.br`,
          zlib.brotliCompressSync(data, {
            params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length },
          }),
        );
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
      }
    },
  };
}

/** The API server (Fastify) in development; production serves web and API from one origin. */
const API_TARGET = process.env.KAYUH_API_TARGET ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react(), precompress()],
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
