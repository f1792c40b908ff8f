import { Mail, Phone } from 'lucide-react'
import { InitialsAvatar, initialsOf } from '@/components/initials-avatar'
import { Photo } from '@/components/photo'
import { phoneHref } from '@/lib/phone'
import type { TeamMember } from '@/lib/site'
import { cn } from '@/lib/utils'

/** A team member's photo from the library, large enough to know the face by (96 px, 112
 * px when `large`), or their initials (56 px, 64 px when `large`). */
export function TeamAvatar({ member, large = false, className }: { member: TeamMember; large?: boolean; className?: string }) {
  if (member.photo) {
    return (
      <Photo
        picture={member.photo}
        alt=""
        sizes={large ? '112px' : '96px'}
        className={cn(large ? 'size-28' : 'size-24', 'shrink-0 rounded-full object-cover', className)}
      />
    )
  }
  return <InitialsAvatar initials={initialsOf(member.name)} className={cn(large && 'size-16 text-xl', className)} />
}

/** A team member's e-mail and phone as links, those that are given. */
export function TeamContactLinks({ member, className, linkClassName }: { member: TeamMember; className?: string; linkClassName?: string }) {
  const link = cn('inline-flex items-center gap-2 hover:underline', linkClassName)
  return (
    <ul className={className}>
      {member.email && (
        <li>
          <a href={`mailto:${member.email}`} className={cn(link, 'break-all')}>
            <Mail className="size-4 shrink-0" aria-hidden="true" />
            {member.email}
          </a>
        </li>
      )}
      {member.phone && (
        <li>
          <a href={phoneHref(member.phone)} className={link}>
            <Phone className="size-4 shrink-0" aria-hidden="true" />
            {member.phone}
          </a>
        </li>
      )}
    </ul>
  )
}
