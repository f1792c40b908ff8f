// @vitest-environment node
// The public stylesheet is built only from the files its @source lines name (src/public.css),
// so a class in a file the public pages import but that stylesheet does not read would be
// missing on the site. This follows every import of the public entries (the browser's and the
// server's), resolved as TypeScript resolves them, and fails on a file outside the sources.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const web = path.resolve(import.meta.dirname, '..')
const src = path.join(web, 'src')

function compilerOptions() {
  const file = path.join(web, 'tsconfig.json')
  const { config } = ts.readConfigFile(file, ts.sys.readFile)
  return ts.parseJsonConfigFileContent(config, ts.sys, web).options
}

/** Every source file `entries` import, directly or not (static and dynamic imports). */
function closure(entries) {
  const options = compilerOptions()
  const seen = new Set()
  const queue = entries.map((entry) => path.join(src, entry))
  while (queue.length > 0) {
    const file = queue.pop()
    if (seen.has(file)) continue
    seen.add(file)
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true)
    for (const { fileName } of importedFiles) {
      const resolved = ts.resolveModuleName(fileName, file, options, ts.sys).resolvedModule
      if (resolved && !resolved.isExternalLibraryImport && resolved.resolvedFileName.startsWith(src)) {
        queue.push(resolved.resolvedFileName)
      }
    }
  }
  return [...seen]
}

/** The paths public.css names with @source, relative to src. */
function sources() {
  const css = readFileSync(path.join(src, 'public.css'), 'utf8')
  return [...css.matchAll(/@source '([^']+)'/g)].map(([, source]) => path.join(src, source))
}

describe('the public stylesheet', () => {
  it('reads every file the public pages import', () => {
    const read = sources()
    const files = closure(['entry-client.tsx', 'entry-server.tsx'])
    expect(files.length).toBeGreaterThan(40)
    const outside = files
      .filter((file) => !file.endsWith('.css'))
      .filter((file) => !read.some((source) => file === source || file.startsWith(source + path.sep)))
      .map((file) => path.relative(web, file))
    expect(outside).toEqual([])
  })

  it('does not read the back office', () => {
    const read = sources().map((source) => path.relative(src, source))
    expect(read.filter((source) => source.startsWith('app/admin') || source === 'features')).toEqual([])
  })
})
