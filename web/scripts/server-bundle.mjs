// Prepares what the Rust server needs to render the public pages (see src/site/render.rs):
// - dist/_ssr/entry-server.js, the server bundle (`vite build --ssr`, one file without
//   chunks), which the server runs in its JavaScript engine;
// - dist/_pages/manifest.json: every public path with the files its page preloads and
//   the services and the kinds of content it shows, and the font every page preloads.
// It renders every page once with sample data, in Node, so that a page that cannot be
// rendered fails the build rather than the server's start.
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import path from 'node:path'

const root = path.dirname(fileURLToPath(new URL('../package.json', import.meta.url)))
const dist = path.join(root, 'dist')
const out = path.join(dist, '_pages')

const ssrFiles = (await readdir(path.join(dist, '_ssr'))).filter((name) => name.endsWith('.js'))
if (ssrFiles.join() !== 'entry-server.js') {
  throw new Error(`dist/_ssr skal ha én fil, entry-server.js, men har ${ssrFiles.join(', ')}`)
}
const { render, publicRoutes } = await import(path.join(dist, '_ssr', 'entry-server.js'))
const viteManifest = JSON.parse(await readFile(path.join(dist, '.vite', 'manifest.json'), 'utf8'))

for (const file of ['index.html', 'admin.html']) {
  const html = await readFile(path.join(dist, file), 'utf8')
  for (const marker of ['<!--ff:head-->', '<!--ff:app-->']) {
    if (html.split(marker).length !== 2) throw new Error(`${file} skal ha ${marker} nøyaktig én gang`)
  }
}
const template = await readFile(path.join(dist, 'index.html'), 'utf8')

/** `<link rel="modulepreload">` for a page's chunk and the shared chunks it imports. */
function preloads(page) {
  const key = `src/app/public/pages/${page.module}.tsx`
  if (!viteManifest[key]) throw new Error(`fant ikke ${key} i Vite-manifestet`)
  const files = new Set()
  const visit = (k) => {
    const chunk = viteManifest[k]
    if (!chunk || files.has(chunk.file) || chunk.isEntry) return
    files.add(chunk.file)
    for (const imported of chunk.imports ?? []) visit(imported)
  }
  visit(key)
  // The shared chunk is preloaded by the entry's own tag in index.html already.
  for (const file of [...files]) if (template.includes(`/${file}"`)) files.delete(file)
  return [...files].map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
}

const assets = await readdir(path.join(dist, 'assets'))
const font = assets.find((name) => /^inter-latin-wght-normal-.*\.woff2$/.test(name))
if (!font) throw new Error('fant ikke Inter-fonten i dist/assets')

const sample = {
  company_name: 'Prøvefirma AS',
  orgnr: '999 999 999',
  adresse: 'Storgata 1, 0155 Oslo',
  email: 'post@example.no',
  phone: '22 33 44 55',
  phone_uri: 'tel:+4722334455',
  phone_extra: [],
  founded_year: 2004,
  claims: { on_call: true, leak_within_hour: true, binding_price: true, warranty_years: 5, free_visit: true, confirmed: true },
  logo: null,
  icons: null,
  today: '1. januar 2026',
  year: '2026',
  base_url: 'https://example.no',
  services: [],
  content: {
    team: [
      {
        id: 't1',
        name: 'Prøve Person',
        title: 'Daglig leder',
        description: 'Leder firmaet.',
        email: 'prove@example.no',
        phone: '900 00 000',
        photo: { src: '/media/prove_480w.webp', srcset: '/media/prove_480w.webp 480w', width: 480, height: 480, alt: '' },
        pages: ['home', 'contact', 'partners'],
      },
    ],
    project: [
      { id: 'p1', title: 'Prøveprosjekt', place: 'Oslo', year: 2025, type: 'Baderom', description: 'Et bad.', highlights: ['Nytt sluk'], photos: [] },
    ],
    review: [{ id: 'r1', name: 'Prøve Kunde', place: 'Oslo', text: 'Bra.', rating: 5, service: 'Bad', pages: ['home', 'references'] }],
    figure: ['home', 'references', 'satisfaction'].map((group) => ({ id: `f-${group}`, value: '1', label: 'prøvetall', group })),
    platform: [{ id: 'pl1', name: 'Prøveplattform', url: 'https://example.no/firma' }],
    promise: [{ id: 'l1', text: 'Prøveløfte' }],
  },
  og_image: null,
}

/** What a page must show when rendered with `sample`, by the kinds of content it lists. */
const sampleTexts = { team: 'Prøve Person', project: 'Prøveprosjekt', review: 'Prøve Kunde', figure: 'prøvetall', promise: 'Prøveløfte' }

const manifest = {
  font_preload: `<link rel="preload" as="font" type="font/woff2" href="/assets/${font}" crossorigin>`,
  pages: [],
}
for (const page of publicRoutes) {
  const rendered = JSON.parse(await render(page.path, JSON.stringify(sample)))
  if (rendered.status !== 200 || !rendered.html.includes(sample.company_name)) {
    throw new Error(`${page.path}: siden ble ikke laget (status ${rendered.status})`)
  }
  for (const kind of page.content ?? []) {
    if (!rendered.html.includes(sampleTexts[kind])) throw new Error(`${page.path}: viser ikke innholdet (${kind})`)
  }
  if (!rendered.html.includes('Prøveplattform')) throw new Error(`${page.path}: bunnteksten mangler plattformene`)
  manifest.pages.push({
    path: page.path,
    preloads: preloads(page),
    service_category: page.serviceCategory ?? null,
    service_type: page.serviceType ?? null,
    services: page.serviceCategory ?? (page.allServices ? 'all' : null),
    content: page.content ?? [],
    noindex: page.noindex ?? false,
  })
}
const notFound = JSON.parse(await render('/finnes-ikke', JSON.stringify(sample)))
if (notFound.status !== 404) throw new Error('en ukjent sti skal gi 404-siden')

await rm(out, { recursive: true, force: true })
await mkdir(out, { recursive: true })
await writeFile(path.join(out, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`)
console.log(`${manifest.pages.length} sider klare for serveren (dist/_ssr, dist/_pages)`)
