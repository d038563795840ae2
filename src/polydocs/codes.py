"""Every diagnostic code polydocs reports, in one table: what it means, the guide section that explains
it, and the level it is reported at by default.

A construct's codes are declared with the construct (`CODES` of its module in `polydocs.dialect.constructs`,
a component's in its spec) and gathered here from the registry; the table below declares the others, those
of lint's rules, the build, `polydocs check` and the other commands. `polydocs lint --format sarif`
describes each rule it reports from `CODES` (`tool.driver.rules`), and a test reads every code the sources
pass to a diagnostic constructor and fails on one missing here or from docs/linting.md.
"""

from __future__ import annotations

from polydocs.diagnostics import DiagnosticCode, Severity, code_table
from polydocs.dialect.constructs import CONSTRUCT_CODES

_RULES = ("linting.md", "Rules and their codes")
_OTHERS = ("linting.md", "Codes of the other commands")
_E: Severity = "error"
_W: Severity = "warning"

# (code, level, summary) by the guide section that explains them; the constructs' codes are theirs.
_TABLE: dict[tuple[str, str], list[tuple[str, Severity, str]]] = {
    _RULES: [
        ("license-missing", _E, "The page does not open with the license comment."),
        ("license-incomplete", _E, "The license comment lacks a copyright line or the license name."),
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

CODES: dict[str, DiagnosticCode] = code_table(
    *CONSTRUCT_CODES.values(),
    *(
        DiagnosticCode(name, level, summary, page, section)
        for (page, section), entries in _TABLE.items()
        for name, level, summary in entries
    ),
)
