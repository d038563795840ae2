"""Every diagnostic code polydocs reports, in one table: what it means, the guide section that explains
it, and the level it is reported at by default.

A code is declared here and nowhere else: `polydocs lint --format sarif` describes each rule it reports
from this table (`tool.driver.rules`), and a test reads every code the sources pass to a diagnostic
constructor and fails on one missing here or from docs/linting.md.
"""

from __future__ import annotations

from dataclasses import dataclass

from polydocs.diagnostics import Severity
from polydocs.guide import guide_url


@dataclass(frozen=True)
class DiagnosticCode:
    """One code: `summary` says what it reports, `page` and `section` where the guide explains it."""

    name: str
    summary: str
    page: str
    section: str
    level: Severity

    @property
    def help_url(self) -> str:
        return guide_url(self.page, self.section)


_RULES = ("linting.md", "Rules and their codes")
_OTHERS = ("linting.md", "Codes of the other commands")
_E: Severity = "error"
_W: Severity = "warning"

# (code, level, summary) by the guide section that explains them.
_TABLE: dict[tuple[str, str], list[tuple[str, Severity, str]]] = {
    _RULES: [
        ("license-missing", _E, "The page does not open with the license comment."),
        ("license-incomplete", _E, "The license comment lacks a copyright line or the license name."),
        ("license-unclosed", _E, "The license comment is never closed."),
        ("callout-kind", _E, "A `> [!KIND]` alert of a kind that does not exist."),
        ("callout-text", _E, "An alert marker with text on its own line."),
        ("callout-position", _E, "An alert marker not on the first line of its quote."),
        ("callout-quote", _E, "An alert's text is not in `>` lines of its quote."),
        ("callout-empty", _E, "An alert with no text."),
        ("component-unclosed", _E, "A component tag (`<Tip>`, `<hfoptions>`...) is never closed."),
        ("component-unopened", _E, "A closing component tag with no opening tag."),
        ("component-nesting", _E, "Components nested in a way the dialect does not allow."),
        ("component-attribute", _E, "A component attribute that is unknown, missing or repeated."),
        ("component-malformed", _E, "A component the dialect does not render as written."),
        ("fence-unclosed", _E, "A code fence that is never closed."),
        ("iframe-malformed", _E, "An `<iframe>` start tag that is not well formed."),
        ("iframe-unclosed", _E, "An `<iframe>` not followed by `</iframe>`."),
        ("iframe-src", _E, "An `<iframe>` source that is not an https URL."),
        ("iframe-host", _E, "An `<iframe>` on a host `iframe_hosts` does not allow."),
        ("iframe-title", _E, "An embedded `<iframe>` without a title for screen readers."),
        ("iframe-inline", _E, "An `<iframe>` not on lines of its own."),
        ("component-unknown", _E, "A component polydocs does not know, shown as a container of its content."),
        ("heading-anchor-misplaced", _E, "A heading anchor `[[id]]` where it has no effect."),
        ("autodoc-malformed", _E, "An `[[autodoc]]` line that cannot be read."),
        ("autodoc-unavailable", _W, "An `[[autodoc]]` object the installed library does not have."),
        ("youtube-malformed", _E, "A `<Youtube>` without a video id."),
        ("question-malformed", _E, "A `<Question>` whose choices are not a JavaScript literal."),
        ("html-tag-dropped", _E, "Text in angle brackets, no element, dropped from text that is HTML."),
        ("notebook-malformed", _E, "A notebook banner whose links are not a JavaScript literal."),
        ("notebook-link", _E, "A notebook banner link that is not https."),
        ("framework-switch-unbalanced", _E, "`{#if fw === ...}` blocks that do not balance."),
        ("framework-switch-unknown", _E, "A framework switch naming an unknown framework."),
        ("link-missing", _E, "A relative link to a page the language's site does not have."),
        ("api-link-unresolved", _E, "An API link naming no object of the API inventory."),
        ("api-link-missing", _E, "An API link to an object the installed package does not export."),
        ("translation-pending", _E, "A translation marker of `polydocs translate` still in the page."),
        ("page-too-deep", _E, "A page nested deeper than the site renders."),
        ("page-too-costly", _E, "A page past the work a page may cost."),
        ("inline-too-costly", _E, "A paragraph past its inline budget, shown as plain text."),
        ("math-unclosed", _E, "A formula that is never closed."),
        ("math-invalid", _E, "A formula that cannot be typeset."),
        ("include-malformed", _E, "A `literalinclude` block that cannot be read."),
        ("include-unreadable", _E, "A `literalinclude` file that cannot be read."),
        ("include-marker", _E, "A `literalinclude` start or end marker not found in its file."),
        ("jsx-attribute", _E, "A JSX attribute value the dialect does not read."),
        ("link-anchor", _E, "A link to an `#anchor` the page does not have."),
        ("link-file-missing", _E, "A link to a file that does not exist."),
        ("link-file-refused", _E, "A link to a file of a type the site does not publish."),
        ("link-outside", _E, "A link that leaves the language folder."),
        ("link-absolute", _E, "An absolute link (`/path`)."),
        ("link-empty", _E, "A link with no target."),
        ("image-missing", _E, "An image that does not exist."),
        ("image-refused", _E, "An image of a type the site does not publish."),
        ("image-outside", _E, "An image outside the language folder."),
        ("image-absolute", _E, "An image at an absolute path."),
        ("image-empty", _E, "An image with no source."),
        ("toctree", _E, "A `_toctree.yml` that cannot be read."),
        ("toctree-missing-file", _W, "A toctree entry whose page does not exist."),
        ("toctree-unlisted", _W, "A page the toctree does not list."),
        ("toctree-duplicate", _W, "A page the toctree lists twice."),
        ("redirect-missing-page", _W, "A redirect to a page that does not exist."),
        ("redirect-over-page", _W, "A redirect from a path where a page exists."),
        ("redirects-invalid", _W, "A `_redirects.yml` that cannot be read."),
        ("doc-builder-config", _W, "A doc-builder `_config.py` polydocs cannot follow."),
        ("front-matter", _W, "Front matter the site drops or shows as text."),
        ("symlink-outside-tree", _W, "A symbolic link that leaves the tree; never published."),
        ("not-a-file", _W, "A FIFO, socket or device in the tree; never opened."),
        ("asset-refused", _W, "A file of a type the site does not publish."),
        ("encoding", _E, "A file that is not UTF-8."),
        ("language-unregistered", _W, "A language folder whose name is no registered language code."),
        ("bench-no-data", _E, "A benchmarks placeholder with no results file."),
        (
            "snippet-directive",
            _E,
            "A `<!-- polydocs: ... -->` directive that is malformed or belongs to no block.",
        ),
        ("code-parity", _E, "A translated page whose code blocks differ from the English page's."),
        ("code-style", _E, "A Python block not formatted as `doc-builder style` formats it."),
        ("claims-mode", _E, "A `torch.compile` mode the installed torch does not have."),
        ("claims-backend", _E, "A `torch.compile` backend the installed torch does not have."),
        ("claims-modes-incomplete", _E, "A table or list of `torch.compile` modes that lacks some."),
        ("claims-torch", _W, "torch is not installed: claims are not checked."),
        ("unsafe-html", _W, "HTML the site removes from the page."),
        ("source-visible", _W, "Markup a reader would see as source text."),
        ("secret", _E, "A token or key in a page or a tracked file."),
        ("secret-allowlist", _E, "An allowlist entry of secrets that cannot be read."),
    ],
    ("linting.md", "Pull-request mode"): [
        ("changed-since", _E, "`--changed-since REF` names no commit git can compare with."),
    ],
    ("languages.md", "The documented library"): [
        ("api-reference-missing", _W, "The site has autodoc pages but no API reference to link."),
    ],
    ("languages.md", "Autodoc never stops the build"): [
        ("build-stopped", _E, "A language's build stopped; the message says where."),
    ],
    ("languages.md", "What each language gets, and from where"): [
        ("theme-language", _W, "The theme has no interface strings in the page's language."),
    ],
    ("trust.md", "Every page is a contribution: what polydocs guarantees"): [
        ("asset-shadows", _W, "A file of the tree that a file of the build would overwrite."),
    ],
    ("trust.md", "A Content-Security-Policy on every page"): [
        ("content-security-policy", _E, "A page whose Content-Security-Policy would be weakened."),
    ],
    ("trust.md", "Bounded work per page"): [
        ("page-failed", _W, "A page that failed to render; the site shows a notice in its place."),
    ],
    ("markup.md", "Autodoc — `autodoc.py`"): [
        ("docstring-malformed", _W, "A docstring section the API page cannot read."),
        ("docstring-link-unresolved", _W, "An API link in a docstring that the API page shows as code."),
    ],
    ("ci.md", "Adopt polydocs in three steps"): [
        ("init-exists", _E, "`polydocs init` would overwrite a file that exists."),
        ("init-path", _E, "`polydocs init` would write outside the repository."),
        (
            "library-not-installed",
            _W,
            "The documented library is not installed: autodoc pages cannot render.",
        ),
    ],
    ("ci.md", "The jobs"): [
        ("publish", _E, "`polydocs ci` could not publish the site."),
        ("deploy", _E, "`polydocs ci` could not deploy a version."),
    ],
    ("versions.md", "Versions"): [
        ("version", _E, "A `--version` or `--alias` that cannot name a version."),
    ],
    _OTHERS: [
        ("source", _E, "`--source` names no folder."),
        ("config", _E, "A setting of `polydocs.yml` that cannot be read."),
        ("unknown-language", _E, "A top folder of the tree that is not named by a language tag."),
        ("notebook", _W, "A page whose notebook could not be made."),
        ("lint-path", _E, "A PATH of `polydocs lint` that does not exist."),
        ("freshness-lock", _E, "A translation freshness lock that cannot be read."),
        ("freshness-mark", _E, "A page named to mark fresh that is not LANG/PAGE.md."),
        ("check-path", _E, "A PATH of `polydocs check` that does not exist."),
        ("snippet-failed", _E, "A snippet that raised, or whose output differs from the page."),
        ("snippet-compile", _E, "A `torch.compile` claim the run did not prove."),
        ("snippet-blocked", _W, "A snippet the checker did not run, and why."),
        ("snippet-fragment", _W, "A block that is a fragment, not a program: it is compiled, not run."),
        ("snippet-drift", _E, "A translated page's code that differs from the English page's."),
        ("snippet-evidence", _E, "A snippet report the build cannot read."),
        ("snippet-shard", _E, "A `--shard` that is not I/N."),
        ("stand-in-guessed", _W, "A Hub stand-in whose shape was guessed."),
        ("bench-shard", _W, "A `polydocs bench --shard` that is not I/N."),
        ("bench-pin", _W, "A `polydocs bench --pin` naming a CPU the machine lacks."),
        ("bench-budget", _W, "No benchmark configuration fits `--stop-after`."),
        ("bench-empty", _W, "No benchmark configuration left to measure."),
        ("bench-no-results", _E, "A benchmark results file that does not exist."),
        ("bench-bad-data", _W, "A benchmark results file that cannot be read."),
        ("init-source", _E, "`polydocs init` found no source tree."),
        ("translate", _E, "`polydocs translate` cannot start the translation asked for."),
        ("translate-changes", _E, "`polydocs translate` cannot read what changed in the English page."),
    ],
}

CODES: dict[str, DiagnosticCode] = {
    name: DiagnosticCode(name, summary, page, section, level)
    for (page, section), entries in _TABLE.items()
    for name, level, summary in entries
}
