// Prerenders every public page into dist/_pages/ (see src/site/pages.rs). The Rust server
// embeds these files and, as it serves them, replaces the __FF_*__ tokens and the
// <!--ff:...--> markers with the current company facts, JSON-LD and service lists.
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import path from 'node:path'

const root = path.dirname(fileURLToPath(new URL('../package.json', import.meta.url)))
const dist = path.join(root, 'dist')
const out = path.join(dist, '_pages')

const { render, publicRoutes } = await import(path.join(root, 'dist-ssr', 'entry-server.js'))
const viteManifest = JSON.parse(await readFile(path.join(dist, '.vite', 'manifest.json'), 'utf8'))

/** `<link rel="modulepreload">` for a page's chunk and the shared chunks it imports. */
function preloads(route) {
  const page = publicRoutes.find((p) => p.path === route)
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
const template = await readFile(path.join(dist, 'index.html'), 'utf8')
if (!template.includes('<!--ff:head-->') || !template.includes('<!--ff:app-->')) {
  throw new Error('index.html mangler <!--ff:head--> eller <!--ff:app-->')
}

const assets = await readdir(path.join(dist, 'assets'))
const font = assets.find((name) => /^inter-latin-wght-normal-.*\.woff2$/.test(name))
if (!font) throw new Error('fant ikke Inter-fonten i dist/assets')
const fontPreload = `<link rel="preload" as="font" type="font/woff2" href="/assets/${font}" crossorigin>`

const escape = (text) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;')
const withCompany = (text) => text.replaceAll('{company}', '__FF_COMPANY__')

function page(head, app, shell = template) {
  return shell.replace('<!--ff:head-->', head).replace('<!--ff:app-->', app)
}

function publicHead(meta) {
  const title = escape(withCompany(meta.title))
  const description = escape(meta.description)
  const url = `__FF_BASEURL__${meta.path === '/' ? '/' : meta.path}`
  return [
    `<title>${title}</title>`,
    `<meta name="description" content="${description}">`,
    `<link rel="canonical" href="${url}">`,
    '<meta property="og:type" content="website">',
    '<meta property="og:locale" content="nb_NO">',
    '<meta property="og:site_name" content="__FF_COMPANY__">',
    `<meta property="og:title" content="${title}">`,
    `<meta property="og:description" content="${description}">`,
    `<meta property="og:url" content="${url}">`,
    '<meta name="twitter:card" content="summary">',
    fontPreload,
    ...preloads(meta.path),
    '<!--ff:jsonld-->',
    '<!--ff:site-->',
  ].join('\n    ')
}

const fileFor = (route) => (route === '/' ? 'index.html' : `${route.slice(1).replaceAll('/', '--')}.html`)

await rm(out, { recursive: true, force: true })
await mkdir(out, { recursive: true })

const manifest = { pages: [], not_found: '404.html', admin: 'admin.html' }
for (const meta of publicRoutes) {
  const html = await render(meta.path)
  if (html.includes('Oops! Page not found')) throw new Error(`${meta.path} har ingen side i appen`)
  const file = fileFor(meta.path)
  await writeFile(path.join(out, file), page(publicHead(meta), html))
  manifest.pages.push({
    path: meta.path,
    file,
    service_category: meta.serviceCategory ?? null,
    service_type: meta.serviceType ?? null,
  })
}

const notFoundHead = [
  '<title>404: Page not found</title>',
  '<meta name="robots" content="noindex">',
  fontPreload,
  '<!--ff:site-->',
].join('\n    ')
await writeFile(path.join(out, manifest.not_found), page(notFoundHead, await render('/404')))

const adminHead = [
  '<title>Administrasjon | __FF_COMPANY__</title>',
  '<meta name="robots" content="noindex, nofollow">',
  fontPreload,
  '<!--ff:site-->',
].join('\n    ')
// The admin app is its own build (vite build --mode admin) with its own page.
const adminTemplate = await readFile(path.join(dist, 'admin.html'), 'utf8')
if (!adminTemplate.includes('<!--ff:head-->')) throw new Error('admin.html mangler <!--ff:head-->')
await writeFile(path.join(out, manifest.admin), page(adminHead, '', adminTemplate))

await writeFile(path.join(out, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`)
console.log(`prerendret ${manifest.pages.length} sider + 404 + admin til dist/_pages`)
