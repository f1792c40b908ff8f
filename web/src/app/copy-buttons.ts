/**
 * The copy buttons of a page the server alone renders (the customer's documents and quote,
 * src/app/owed-summary.tsx): they come hidden, so that without JavaScript no button does
 * nothing; here they are shown and copy their `data-copy` to the clipboard, saying so in
 * the page's `[data-copy-status]` live region and on the button.
 */
export function enableCopyButtons(root: ParentNode) {
  const status = root.querySelector('[data-copy-status]')
  for (const button of root.querySelectorAll<HTMLButtonElement>('button[data-copy]')) {
    if (!navigator.clipboard) continue
    button.hidden = false
    button.addEventListener('click', () => {
      const name = button.dataset.copyName ?? 'Teksten'
      navigator.clipboard.writeText(button.dataset.copy ?? '').then(
        () => {
          for (const other of root.querySelectorAll<HTMLButtonElement>('button[data-copy]')) other.textContent = 'Kopier'
          button.textContent = 'Kopiert'
          if (status) status.textContent = `${name} er kopiert.`
        },
        () => {
          if (status) status.textContent = `Kunne ikke kopiere. Merk ${button.dataset.copyWhat ?? 'teksten'} og kopier selv.`
        },
      )
    })
  }
}
