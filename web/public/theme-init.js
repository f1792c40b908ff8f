// Applies the visitor's chosen theme before the first paint (no flash). Kept as a file
// because the Content-Security-Policy allows no inline script. Nothing is written here:
// the key "theme" is stored only when the visitor picks a theme.
;(function () {
  var choice = null
  try {
    choice = window.localStorage.getItem('theme')
  } catch {
    // Storage blocked (private mode, policy): follow the system's theme.
  }
  var dark =
    choice === 'dark' ||
    (choice === 'system' && window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches)
  document.documentElement.classList.toggle('dark', dark)
  document.documentElement.style.colorScheme = dark ? 'dark' : 'light'
})()
