import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: { proxy: { '/api': 'http://localhost:3000' } },
  build: {
    target: 'es2022',
    // Nothing inline: the server's CSP allows scripts from 'self' only.
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    rollupOptions: {
      // The shared domain package is pure (lint forbids I/O there): a module whose exports go
      // unused is dropped, so importing ROLES does not ship every zod schema to the landing page.
      treeshake: { moduleSideEffects: (id) => !id.includes('/packages/domain/') },
    },
  },
});
