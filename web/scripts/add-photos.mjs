// Gives a running server's content photos, as a firm would before launch: a portrait for
// every team member and three pictures for every project, uploaded through the API
// (1600 × 1200 PNGs with photo-like texture), then waits until the server has made
// their WebP variants. `make test-budgets` runs Lighthouse after it, so the pages are
// measured with photos on them.
// Usage: FAGFOLK_ADMIN_EMAIL=... FAGFOLK_ADMIN_PASSWORD=... node scripts/add-photos.mjs <base url>
import { crc32, deflateSync } from 'node:zlib'

const base = process.argv[2] ?? 'http://127.0.0.1:8080'
const email = process.env.FAGFOLK_ADMIN_EMAIL
const password = process.env.FAGFOLK_ADMIN_PASSWORD
if (!email || !password) throw new Error('FAGFOLK_ADMIN_EMAIL og FAGFOLK_ADMIN_PASSWORD må være satt')

function chunk(type, data) {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}

/** A PNG with soft shapes and grain, so that it compresses like a photo, not a flat fill. */
function photo(width, height, seed) {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header[8] = 8
  header[9] = 2
  let random = seed * 2654435761
  const rows = []
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3)
    for (let x = 0; x < width; x++) {
      random = (random * 1103515245 + 12345) >>> 0
      const grain = (random >>> 24) % 24
      const wave = Math.sin((x + seed * 97) / 90) * 40 + Math.cos((y - seed * 31) / 70) * 40
      row[1 + x * 3] = Math.max(0, Math.min(255, 90 + wave + grain + ((seed * 40) % 80)))
      row[2 + x * 3] = Math.max(0, Math.min(255, 110 + wave / 2 + grain))
      row[3 + x * 3] = Math.max(0, Math.min(255, 140 - wave / 2 + grain))
    }
    rows.push(row)
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

const login = await fetch(`${base}/api/auth/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', 'x-fagfolk-csrf': '1' },
  body: JSON.stringify({ email, password }),
})
if (!login.ok) throw new Error(`innlogging feilet: ${login.status}`)
const cookie = login.headers.get('set-cookie').split(';')[0]
const headers = { cookie, 'x-fagfolk-csrf': '1' }

async function api(method, path, body) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  })
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`)
  return response.status === 204 ? null : response.json()
}

let seed = 1
async function upload(name) {
  const form = new FormData()
  form.append('files', new Blob([photo(1600, 1200, seed++)], { type: 'image/png' }), `${name}.png`)
  const response = await fetch(`${base}/api/admin/media`, { method: 'POST', headers, body: form })
  const report = await response.json()
  if (!report.uploaded?.[0]) throw new Error(`opplasting av ${name} feilet: ${JSON.stringify(report)}`)
  return report.uploaded[0].id
}

const uploaded = []
for (const member of await api('GET', '/api/admin/content?kind=team')) {
  const id = await upload(member.data.name)
  uploaded.push(id)
  await api('PUT', `/api/admin/content/${member.id}`, { data: { ...member.data, photo: id } })
}
for (const project of await api('GET', '/api/admin/content?kind=project')) {
  const ids = []
  for (const n of [1, 2, 3]) ids.push(await upload(`${project.data.title} ${n}`))
  uploaded.push(...ids)
  await api('PUT', `/api/admin/content/${project.id}`, { data: { ...project.data, photos: ids } })
}

const deadline = Date.now() + 120_000
for (;;) {
  const library = await api('GET', '/api/admin/media')
  const waiting = library.filter((media) => uploaded.includes(media.id) && media.variants.length === 0)
  if (waiting.length === 0) break
  if (Date.now() > deadline) throw new Error(`${waiting.length} bilder fikk ikke varianter innen to minutter`)
  await new Promise((resolve) => setTimeout(resolve, 250))
}
// The last variants render the pages again; give that a moment to land.
await new Promise((resolve) => setTimeout(resolve, 1000))
console.log(`${uploaded.length} bilder lastet opp og brukt på sidene, med WebP-varianter`)
