import type { ReactNode } from 'react'
import { Footer, MobileCallBar } from './components/footer'
import { Header } from './components/header'

export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#innhold"
        className="sr-only z-50 rounded-md bg-accent px-4 py-2 font-semibold text-accent-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Hopp til innholdet
      </a>
      <Header />
      <main id="innhold" tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
      <Footer />
      <MobileCallBar />
    </div>
  )
}
