// The small-screen menu is a native <details> (renderer/components/Header.tsx). This closes it the
// way a menu button is expected to: Escape (focus back on the button), a click outside, a link
// followed. A client-side navigation replaces the header, so the new one starts closed.

function openMenu(): HTMLDetailsElement | null {
  return document.querySelector<HTMLDetailsElement>('details[data-menu][open]')
}

export function startMenu() {
  document.addEventListener('keydown', (e) => {
    const menu = openMenu()
    if (e.key !== 'Escape' || !menu) return
    menu.open = false
    menu.querySelector('summary')?.focus()
  })
  document.addEventListener('click', (e) => {
    const menu = openMenu()
    if (!menu) return
    const target = e.target as Element
    if (!menu.contains(target) || target.closest('a[href]')) menu.open = false
  })
}
