"""Checks that need no execution: `polydocs lint` (runner.lint_paths) and translation freshness.

Entry points, imported by their module so that each costs only what it needs (the site builder imports
`freshness` and `status_page`, which load neither torch, MkDocs nor the secret scanner):
- `polydocs.lint.runner.lint_paths(paths, repository=False, facts=None, rules=None) -> LintReport`
- `polydocs.lint.freshness.load_freshness(source_root) -> Freshness`, `Freshness.state(lang, local)`
- `polydocs.lint.status_page.render_status_markdown(tree, freshness, lang) -> str`
"""
