import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { fileURLToPath } from 'node:url'
import { defineConfig, type Alias, type Plugin } from 'vite'

// Two client builds share one source tree (see the README):
// - `vite build` builds the public site (index.html) with Preact in React's place
//   (preact/compat), so a public page loads a third of the JavaScript React DOM alone
//   would cost. The server bundle (`--ssr`) renders with Preact too, so the HTML the
//   server writes is what Preact hydrates.
// - `vite build --mode admin` builds the admin app (admin.html) with React 19, where
//   react-query, cmdk, dnd-kit and the Radix primitives run on the renderer they are
//   made for. Its files go into the same dist/ with their own manifest.
// The dev server runs both on React; the e2e tests run the built site.
const src = fileURLToPath(new URL('./src', import.meta.url))
const atSrc: Alias = { find: '@', replacement: src }

const preact: Alias[] = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
]

const proxy = {
  '/api': 'http://127.0.0.1:8080',
  '/media': 'http://127.0.0.1:8080',
  '/healthz': 'http://127.0.0.1:8080',
}

/** In the dev server, /admin and everything under it is the admin app's page. */
function adminPageInDev(): Plugin {
  return {
    name: 'fagfolk-admin-page',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        if (req.url && /^\/admin(\/|$|\?)/.test(req.url)) req.url = '/admin.html'
        next()
      })
    },
  }
}

export default defineConfig(({ command, mode, isSsrBuild }) => {
  if (command === 'serve') {
    return {
      plugins: [react(), tailwindcss(), adminPageInDev()],
      resolve: { alias: [atSrc] },
      server: { proxy },
    }
  }
  if (mode === 'admin') {
    return {
      plugins: [react(), tailwindcss()],
      resolve: { alias: [atSrc] },
      build: {
        manifest: '.vite/admin-manifest.json',
        emptyOutDir: false,
        sourcemap: false,
        rolldownOptions: {
          input: fileURLToPath(new URL('./admin.html', import.meta.url)),
          // React and the libraries change seldom; staff keep them cached across releases.
          output: { codeSplitting: { groups: [{ name: 'admin-vendor', test: /node_modules/ }] } },
        },
      },
    }
  }
  if (isSsrBuild) {
    // The server bundle (src/entry-server.tsx) for the Rust server's JavaScript engine:
    // one self-contained file, every dependency inside (each resolving React to Preact,
    // so the HTML is what the browser hydrates), every page's code inlined.
    return {
      plugins: [react(), tailwindcss()],
      resolve: { alias: [...preact, atSrc] },
      ssr: { noExternal: true },
      // QuickJS has no `process`: the production branches are chosen at build time.
      define: { 'process.env.NODE_ENV': JSON.stringify('production') },
      build: { sourcemap: false, copyPublicDir: false, rolldownOptions: { output: { codeSplitting: false } } },
    }
  }
  return {
    plugins: [react(), tailwindcss()],
    resolve: { alias: [...preact, atSrc] },
    build: {
      manifest: true,
      sourcemap: false,
      // A page loads three files: the entry, one chunk of the code several pages share
      // and its own chunk, rather than one small file per icon and component. The contact
      // form is a chunk of its own, loaded by the two pages that have it (home, contact):
      // in the shared chunk every page paid for it, and the legal pages' 45 KB ceiling
      // (scripts/budget.mjs) with it.
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: [
              {
                name: 'contact-form',
                // The photo picker stays a chunk of its own, loaded once the page runs.
                test: (id) => /src[\\/]features[\\/]contact[\\/]/.test(id) && !id.includes('photo-picker'),
                priority: 1,
                includeDependenciesRecursively: false,
              },
              { name: 'shared', minShareCount: 2 },
            ],
          },
        },
      },
    },
  }
})
