import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { SENTENCES } from './sentences'
import { ACTION_WORDS, ENTITY_TYPES } from './words'

// The server's OpenAPI document (openapi.json at the repo's root, kept true by `make
// openapi` and checked by `npm run check:api`) lists every action and kind the log can hold.
// Vitest runs in web/.
const document = JSON.parse(readFileSync(resolve(process.cwd(), '../openapi.json'), 'utf8')) as {
  components: { schemas: Record<string, { enum?: string[] }> }
}

describe('the audit log words', () => {
  it('has a sentence and a word for every action and a word for every kind the server writes', () => {
    const actions = document.components.schemas.AuditAction?.enum ?? []
    const kinds = document.components.schemas.AuditEntity?.enum ?? []
    expect(actions.length).toBeGreaterThan(10)
    expect(kinds.length).toBeGreaterThan(5)
    for (const action of actions) expect(SENTENCES[action as keyof typeof SENTENCES], action).toBeTypeOf('function')
    for (const action of actions) expect(ACTION_WORDS[action as keyof typeof ACTION_WORDS], action).toMatch(/^[a-zæøå]/)
    for (const kind of kinds) expect(ENTITY_TYPES[kind as keyof typeof ENTITY_TYPES], kind).toMatch(/^[A-ZÆØÅ]/)
  })
})
