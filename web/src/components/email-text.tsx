import { Fragment } from 'react'

/**
 * An e-mail address that may wrap only where an address reads well broken: after the
 * "@" and after a dot or a hyphen, never in the middle of a word.
 */
export function EmailText({ email }: { email: string }) {
  const parts = email.split(/(?<=[@.-])/)
  return (
    <span className="[overflow-wrap:normal]">
      {parts.map((part, index) => (
        // The parts of one address never move, so their place is their key.
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  )
}
