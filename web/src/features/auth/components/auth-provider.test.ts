import { beforeEach, describe, expect, it } from 'vitest'
import { readStoredSession } from './auth-provider'

const user = { id: '01a2', email: 'kari@fagfolk.no', name: 'Kari', role: 'admin' }

beforeEach(() => window.localStorage.clear())

describe('readStoredSession', () => {
  it('keeps a readable session that has not expired', () => {
    const session = { user, expiresAt: new Date(Date.now() + 60_000).toISOString() }
    window.localStorage.setItem('adminSession', JSON.stringify(session))
    expect(readStoredSession()).toEqual(session)
  })

  it('removes an expired session and treats the user as signed out', () => {
    window.localStorage.setItem('adminSession', JSON.stringify({ user, expiresAt: new Date(Date.now() - 1).toISOString() }))
    expect(readStoredSession()).toBeNull()
    expect(window.localStorage.getItem('adminSession')).toBeNull()
  })

  it('removes an unreadable session', () => {
    window.localStorage.setItem('adminSession', '{not json')
    expect(readStoredSession()).toBeNull()
    expect(window.localStorage.getItem('adminSession')).toBeNull()
  })

  it('removes the legacy adminUser key', () => {
    window.localStorage.setItem('adminUser', JSON.stringify(user))
    readStoredSession()
    expect(window.localStorage.getItem('adminUser')).toBeNull()
  })
})
