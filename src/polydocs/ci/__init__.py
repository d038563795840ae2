"""`polydocs ci`: what the workflows `polydocs init` writes run besides build, lint and check: the hooks of
`ci:` in polydocs.yml, a pull request's preview and its comment, the versioned deploy."""
