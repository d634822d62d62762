// https://vike.dev/route-string: `/guide/<slug>`, where a slug may have several segments.
export default '/guide/*'
