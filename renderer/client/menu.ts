// The small-screen menu is a native popover (renderer/components/Header.tsx): the browser opens it,
// closes it on Escape or a click outside, and restores focus. This only closes it when one of its
// links is followed to the page already shown (no navigation replaces the header then).

export function startMenu() {
  document.addEventListener('click', (e) => {
    const menu = document.getElementById('site-menu')
    if (menu?.matches(':popover-open') && (e.target as Element).closest('#site-menu a[href]')) menu.hidePopover()
  })
}
