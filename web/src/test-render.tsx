import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import type { ReactElement } from 'react'
import { vi } from 'vitest'
import { ToastProvider } from '@/components/toast'

/** Renders `ui` inside the providers the admin app gives every screen. */
export function renderWithProviders(ui: ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })
  return render(
    <QueryClientProvider client={client}>
      <ToastProvider>{ui}</ToastProvider>
    </QueryClientProvider>,
  )
}

type Sent = { method: string; path: string; body: unknown }

/**
 * Answers the API calls a component makes with `reply` and records what it sent, so a
 * test can check the request a user's clicks produce (the server's side is tested in
 * `tests/api/`).
 */
export function answerApi(reply: (sent: Sent) => { status: number; body?: unknown }) {
  const sent: Sent[] = []
  vi.stubGlobal('fetch', async (input: Request | string, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(new URL(input, 'http://localhost'), init)
    const text = await request.text()
    const call = { method: request.method, path: new URL(request.url).pathname, body: text ? JSON.parse(text) : undefined }
    sent.push(call)
    const { status, body } = reply(call)
    return new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    })
  })
  return sent
}
