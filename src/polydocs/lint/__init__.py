"""Checks that need no execution: `polydocs lint` (runner.lint_paths) and the translation status page.

Entry points, imported by their module so that each costs only what it needs (the site builder imports
`status_page`, which loads neither torch, MkDocs nor the secret scanner):
- `polydocs.lint.runner.lint_paths(paths, repository=False, facts=None, rules=None, changes=None)`
- `polydocs.lint.baseline` (accepted findings), `polydocs.lint.output` (text, github, json, sarif)
- `polydocs.lint.status_page.render_status_markdown(tree, lang) -> str`

Translation freshness belongs to the sources: `SourceTree.freshness` (`polydocs.sources.freshness`).
"""
