"""`polydocs serve`: listens at once, builds the languages behind it (the one asked for first,
`serve_languages.py`; a page asked for meanwhile previewed first, `page_preview.py`), then renders only
the pages an edit changes, with live reload."""

from __future__ import annotations

import html
import logging
import os
import tempfile
import threading
import time
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import MkDocsException
from mkdocs.livereload import LiveReloadServer
from watchdog.events import (
    EventsLostEvent,
    FileClosedEvent,
    FileCreatedEvent,
    FileDeletedEvent,
    FileModifiedEvent,
    FileMovedEvent,
    FileSystemEvent,
    FileSystemEventHandler,
)
from watchdog.observers import Observer
from watchdog.observers.api import ObservedWatch

from polydocs.cache import cache_dir
from polydocs.diagnostics import PolydocsError, display_path
from polydocs.dialect import load_source_tree
from polydocs.markup import render
from polydocs.markup.context import MarkupContext
from polydocs.notebooks import page_notebook
from polydocs.notebooks import preload as preload_notebook_converter
from polydocs.site.build import build_language
from polydocs.site.edit_reach import Reach, edit_reach
from polydocs.site.live_language import LiveLanguage, move_into
from polydocs.site.output import replace_folder
from polydocs.site.page_preview import (
    PagePreview,
    asked_pages,
    drop_language_pages,
    home_page,
    published_file,
)
from polydocs.site.preview_process import preview_in_new_process
from polydocs.site.serve_languages import BUILDING_HEADERS, LanguageQueue, building_page
from polydocs.site.site_root import write_root_pages
from polydocs.sources import SOURCE_LANGUAGE, SourceTree, source_language
from polydocs.sources.tree_update import updated_source_tree

if TYPE_CHECKING:
    from wsgiref.types import StartResponse, WSGIApplication, WSGIEnvironment

log = logging.getLogger("polydocs.serve")


def _snapshot(source: Path) -> dict[str, tuple[int, ...]]:
    """What tells an edit of each file and link of the tree: its change time, size and inode (a link's
    and its target's); and the tree's top folder's, whose entries are the languages and the settings.
    Links to folders are not followed (a link is reported by the tree, not read). Paths are kept as
    strings: making a `Path` of each of the course's 1,300 entries doubled the cost of a snapshot."""
    seen: dict[str, tuple[int, ...]] = {str(source): _stamp(source.stat())}
    folders = [str(source)]
    while folders:
        with os.scandir(folders.pop()) as entries:
            for entry in entries:
                if entry.is_dir(follow_symlinks=False):
                    folders.append(entry.path)
                elif entry.is_symlink():
                    target = entry.stat() if os.path.exists(entry.path) else None
                    seen[entry.path] = (*_stamp(entry.stat(follow_symlinks=False)), *_stamp(target))
                else:
                    seen[entry.path] = _stamp(entry.stat(follow_symlinks=False))
    return seen


def _stamp(status: os.stat_result | None) -> tuple[int, int, int]:
    return (status.st_mtime_ns, status.st_size, status.st_ino) if status is not None else (0, 0, 0)


def _languages_of(source: Path, changed: list[Path], languages: list[str]) -> list[str]:
    """The languages an edit touches when the tree cannot even be read: the folders edited."""
    relative = [path.resolve().relative_to(source.resolve()).parts for path in changed]
    folders = {parts[0] if parts else "" for parts in relative}
    return languages if folders - set(languages) else [code for code in languages if code in folders]


def _model(source: Path, library: str | None) -> SourceTree | None:
    """The tree with its freshness (hashed now: an edit's states are compared with these), or None."""
    try:
        tree = load_source_tree(source, library)
        tree.freshness  # noqa: B018 - computed now, from the files as they are now
    except PolydocsError:
        return None
    return tree


class _IncrementalBuilder:
    """Renders again what an edit changes, in the languages it touches: the changed pages alone with a
    language's kept build where that gives what a full build would, else the language built in full
    beside the served one and switched in when it built.

    It never raises: MkDocs' server would hold every request until a rebuild succeeded. A language whose
    rebuild failed keeps its message in `failures` (its pages show it) and is retried on every edit.
    Made before any language is built, so that an edit during those builds is seen. The languages are
    built one at a time behind the server (`build_waiting`, from `queue`); an edit and a language build
    never run at once (`lock`), and an edit leaves the languages still waiting to their own build."""

    def __init__(self, source: Path, site: Path, library: str | None = None, read: bool = True) -> None:
        self.source, self.site, self.library = source, site, library
        self.seen = _snapshot(source)
        # The site model as of `seen` (the last one that could be read), updated by each edit; with
        # `read` false, read by `prepare` (serve's language thread, once the server listens).
        self.tree = _model(source, library) if read else None
        self.languages = list(self.tree.languages) if self.tree is not None else []
        # Files changed since `tree`, by edits whose tree could not be read: applied with the next edit.
        self.pending: set[Path] = set()
        self.failures: dict[str, str] = {}
        # Each language's last full build, kept to render an edit's pages alone.
        self.live: dict[str, LiveLanguage] = {}
        self.lock = threading.Lock()
        self.queue = LanguageQueue.nothing_to_build()  # serve gives it the languages to build
        self.warmed = False
        # The pages each waiting language's previews put in the served folder (`src_uri`); read and
        # changed by the language thread and the preview thread (`preview_beside_builds`), under `asking`.
        self.previewed: dict[str, set[str]] = {}
        self.asking = threading.Lock()
        # The language being built in full, while it is; the languages whose full build was switched
        # in (a preview of them, finished later, is not moved in: `folder_lock`).
        self.building: str | None = None
        self.switched: set[str] = set()
        self.folder_lock = threading.Lock()

    def prepare(self, first: str) -> list[str]:
        """Read the tree as of `seen` (raises its error, path:line, when it cannot be read), write the
        root pages, and give the order to build the languages in: `first`, then the tree's order."""
        with self.lock:
            tree = self.tree or load_source_tree(self.source, self.library)
            tree.freshness  # noqa: B018 - computed now, as `_model` does
            self.tree, self.languages = tree, list(tree.languages)
            write_root_pages(self.site, [tree.language(code) for code in tree.languages], tree)
        return _build_order(self.languages, first)

    def build_waiting(self, lang: str) -> None:
        """Build a language not built yet from the model as of the last edit seen (an edit saved during
        the build is rendered by the edit's own rebuild, which waits for this one); first, the pages of
        it requests asked for, alone (`page_preview.py`): the first language's home page where none was."""
        for round_ in range(_PREVIEW_ROUNDS):
            pages = self._pages_to_preview(lang, home=round_ == 0 and not self.live)
            if not pages:
                break
            with self.lock:
                self._preview(lang, pages)
        with self.lock:
            log.info(
                "building %s: a page asked for meanwhile gets a preview of its own beside the build", lang
            )
            self.building = lang
            self.queue.asked.set()  # pages asked since the last preview round are previewed beside it
            try:
                problem = self._rebuild(lang, self.tree)
            finally:
                self.building = None
            failures = dict(self.failures)
            if problem:
                failures[lang] = problem
            else:
                failures.pop(lang, None)
            self._show(failures)
            if not self.warmed:
                _warm_up()
                self.warmed = True

    def __call__(self) -> None:
        with self.lock:
            self._rebuild_edited()

    def preview_beside_builds(self) -> None:
        """serve's preview thread: while a language is built in full, a page asked for meanwhile (of it
        or of a language still waiting) is previewed in a process of its own (`preview_process.py`)
        and served before that build ends, rather than after it."""
        while True:
            self.queue.asked.wait()
            self.queue.asked.clear()
            if self.building is None:
                continue  # the language thread previews them before the next build, or wakes this one
            for lang in list(self.languages):
                pages = self._pages_to_preview(lang, home=False)
                if pages:
                    self._preview_beside(lang, pages)

    def _preview_beside(self, lang: str, pages: list[str]) -> None:
        started, building = time.perf_counter(), self.building
        with tempfile.TemporaryDirectory(prefix=f".{lang}-beside-", dir=self.site.parent) as staging:
            out = Path(staging) / lang
            problem = preview_in_new_process(self.source, lang, pages, out, self.library)
            if problem:
                log.info(
                    "the preview of %s did not build (%s): its language's build reports why", lang, problem
                )
                return
            drop_language_pages(out)
            with self.folder_lock:
                if lang in self.switched:
                    return  # its full build came first
                move_into(out, self.site / lang)
        shown = ", ".join(f"{lang}/{page}" for page in pages)
        seconds = time.perf_counter() - started
        log.info("previewed %s in %.2f s, beside the build of %s", shown, seconds, building)

    def _pages_to_preview(self, lang: str, home: bool) -> list[str]:
        """The pages of `lang` requests asked for and no preview showed yet (`src_uri`); with `home` and
        none asked, the language's home page."""
        if self.tree is None:
            return []
        with self.asking:
            shown = self.previewed.setdefault(lang, set())
            asked = asked_pages(self.tree, lang, self.queue.asked_paths(lang))
            listed = asked or (home_page(self.tree, lang) if home else [])
            pages = [page for page in listed if page not in shown]
            shown.update(pages)
        return pages

    def _preview(self, lang: str, pages: list[str]) -> None:
        """Build `pages` of `lang` alone and put them in the served folder, where they are answered
        while the language waits for its build; a preview that fails is left to that build to report."""
        started = time.perf_counter()
        with tempfile.TemporaryDirectory(prefix=f".{lang}-preview-", dir=self.site.parent) as staging:
            result = build_language(
                self.source,
                lang,
                Path(staging) / lang,
                cache_dir("site"),
                tree=self.tree,
                library=self.library,
                part=PagePreview(lang, frozenset(pages)),
            )
            if result.error:
                log.info("the preview of %s did not build: its language's build reports why", lang)
                return
            drop_language_pages(Path(staging) / lang)
            with self.folder_lock:
                move_into(Path(staging) / lang, self.site / lang)
            shown = ", ".join(f"{lang}/{page}" for page in pages)
            log.info("previewed %s in %.2f s", shown, time.perf_counter() - started)

    def _rebuild_edited(self) -> None:
        now = _snapshot(self.source)
        changed = [Path(p) for p in sorted(now.keys() | self.seen.keys()) if now.get(p) != self.seen.get(p)]
        self.seen = now
        if not changed:
            return
        started = time.perf_counter()
        self.pending.update(changed)
        try:
            tree = self._updated(sorted(self.pending))
        except PolydocsError as error:
            self._failed(_languages_of(self.source, changed, self.languages), str(error))
            return
        if self.tree is None:
            reach: dict[str, Reach] = dict.fromkeys(tree.languages)
        else:
            reach = edit_reach(self.tree, tree, sorted(self.pending))
        self.tree, self.pending = tree, set()
        self._render(tree, reach)
        edited = ", ".join(display_path(path) for path in changed)
        log.info("rebuilt in %.2f s after editing %s", time.perf_counter() - started, edited)

    def _render(self, tree: SourceTree, reach: dict[str, Reach]) -> None:
        """Each language the edit reaches (and each whose last rebuild failed), rendered or rebuilt."""
        failures = dict(self.failures)
        touched = [code for code in self.languages if code in reach or code in failures]
        for lang in [code for code in touched if not self.queue.waits_for(code)]:
            pages = reach.get(lang) if lang not in failures else None
            problem = self._render_pages(lang, tree, pages) if pages is not None else "a full build"
            problem = problem and self._rebuild(lang)
            if problem:
                failures[lang] = problem
            else:
                failures.pop(lang, None)
        self._show(failures)

    def _updated(self, changed: list[Path]) -> SourceTree:
        """The model after the edit (its freshness computed): updated for the changed files alone."""
        if self.tree is None:
            tree = load_source_tree(self.source, self.library)
        else:
            tree = updated_source_tree(self.tree, changed)
        tree.freshness  # noqa: B018 - a lock that cannot be read fails here, as the build would
        return tree

    def _render_pages(self, lang: str, tree: SourceTree, pages: list[str]) -> str:
        """Render the edit's pages alone with the language's kept build, where that gives what a full
        build would (`live_language.py`); else, or when it fails, a reason to build the language."""
        live = self.live.get(lang)
        if live is None or not live.can_render(tree, pages):
            return "a full build"
        try:
            live.render(tree, pages)
        except (MkDocsException, PolydocsError, OSError) as error:
            del self.live[lang]
            return str(error)
        return ""

    def _rebuild(self, lang: str, tree: SourceTree | None = None) -> str:
        """Build the language in full beside the served one and switch it in; `tree`: the model to
        build from, else read again. A reason when it failed (the served one is left), else ''."""
        self.live.pop(lang, None)
        kept: list[MkDocsConfig] = []
        with tempfile.TemporaryDirectory(prefix=f".{lang}-", dir=self.site.parent) as staging:
            result = build_language(
                self.source,
                lang,
                Path(staging) / lang,
                cache_dir("site"),
                tree=tree,
                library=self.library,
                keep=kept.append,
            )
            for message in result.warnings:
                log.warning(message)
            if result.error:
                log.error("%s: %s", lang, result.error)
                return result.error
            with self.folder_lock:
                replace_folder(Path(staging) / lang, self.site / lang)
                self.switched.add(lang)
        self.live[lang] = LiveLanguage(kept[0], self.site / lang)
        return ""

    def _failed(self, languages: list[str], message: str) -> None:
        log.error("%s", message)
        self._show({**self.failures, **dict.fromkeys(languages, message)})

    def _show(self, failures: dict[str, str]) -> None:
        if failures:
            (self.site / ERROR_PAGE).write_text(render_error_page(failures), encoding="utf-8")
        self.failures = failures  # one assignment: request threads read it


ERROR_PAGE = ".polydocs-build-error.html"

_ERROR_TEMPLATE = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Build failed · polydocs serve</title>
<style>
body {{ font-family: system-ui, sans-serif; max-width: 48rem; margin: 3rem auto; padding: 0 1rem; }}
pre {{ background: #fdecea; color: #611a15; padding: 1rem; white-space: pre-wrap; }}
</style>
</head>
<body>
<h1>The last edit did not build</h1>
<p>Pages of other languages are served from the last good build. Save a fix: this page reloads.</p>
{sections}
</body>
</html>
"""


def render_error_page(failures: dict[str, str]) -> str:
    """What a language's pages show while its rebuild fails: each language's message, path:line first."""
    sections = "\n".join(
        f"<h2>{html.escape(lang)}</h2>\n<pre>{html.escape(message)}</pre>"
        for lang, message in failures.items()
    )
    return _ERROR_TEMPLATE.format(sections=sections)


class _ErrorPages:
    """WSGI middleware before MkDocs' server: a page of a language whose rebuild failed is answered with
    the error page, which that server serves with its live-reload script, so the fix reloads it; a page
    of a language not built yet, with the building page (`serve_languages.py`), which reloads itself."""

    def __init__(self, app: WSGIApplication, builder: _IncrementalBuilder) -> None:
        self.app, self.builder = app, builder

    def __call__(self, environ: WSGIEnvironment, start_response: StartResponse) -> Iterable[bytes]:
        path = str(environ.get("PATH_INFO", ""))
        lang = path.lstrip("/").split("/", 1)[0]
        if self.builder.queue.waits_for(lang) and not self._previewed(path):
            self.builder.queue.ask(lang, path)
            start_response("503 Service Unavailable", BUILDING_HEADERS)
            return building_page(lang)
        if lang not in self.builder.failures or not path.endswith(("/", ".html")):
            return self.app(environ, start_response)

        def failed(status: str, headers: list[tuple[str, str]], exc_info: Any = None) -> Any:
            return start_response("500 Internal Server Error", headers, exc_info)

        return self.app({**environ, "PATH_INFO": f"/{ERROR_PAGE}"}, failed)

    def _previewed(self, path: str) -> bool:
        """Whether a preview put this file of a waiting language in the served folder (a language
        folder exists only once the tree is read)."""
        return bool(path.lstrip("/")) and published_file(self.builder.site, path)


# What most pages hold: a callout and a Python block.
_WARM_UP_PAGE = (
    "# Warm-up\n\n> [!TIP]\n> Compile once.\n\n```py\nimport torch\nprint(torch.__version__)\n```\n"
)


def _warm_up() -> None:
    """Convert a small page, and make its notebook, once in this process, and throw them away.

    The first build converted pages in forked processes; without this, the first edit would pay for this
    process's first conversion (extensions, lexers and the notebook converter imported on first use):
    0.33 s instead of 0.2 s for an edit of docs_src's Spanish inference page, for 0.08 s here.
    """
    preload_notebook_converter()
    render(_WARM_UP_PAGE, MarkupContext(path="warm-up.md", lang=source_language()))
    page_notebook(_WARM_UP_PAGE, Path("warm-up.md"), source_language())


def serve(
    source: Path, host: str, port: int, library: str | None = None, first: str = SOURCE_LANGUAGE
) -> None:
    """Listen at once on an empty site; read the tree and build `first` (a language code), then the
    others, behind the server. A tree that cannot be read stops serve with its error."""
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    # MkDocs reads a relative docs_dir from the folder of its configuration file, which is not the
    # working directory: every path handed down is absolute.
    source = source.resolve()
    with tempfile.TemporaryDirectory(prefix="polydocs-serve-") as folder:
        site = Path(folder) / "site"
        site.mkdir()
        builder = _IncrementalBuilder(source, site, library, read=False)
        server = LiveReloadServer(builder, host, port, str(site), polling_interval=0.1)
        builder.queue = LanguageQueue(lambda: builder.prepare(first), builder.build_waiting, server.shutdown)
        # Told of an edit by the kernel (inotify) rather than by polling the tree: no walk of every
        # file ten times a second beside the builds, and no wait for the next poll.
        server.observer = _ChangeObserver()  # type: ignore[assignment]  # typed as the polling one
        server.build_delay = _EDIT_SETTLES
        server.set_app(_ErrorPages(server.serve_request, builder))
        server.watch(str(source))
        threading.Thread(target=builder.preview_beside_builds, name="polydocs-previews", daemon=True).start()
        builder.queue.start()
        try:
            server.serve()
        except KeyboardInterrupt:
            log.info("stopped")
        finally:
            server.shutdown()
        if builder.queue.error is not None:
            raise builder.queue.error


class _ChangeObserver(Observer):  # type: ignore[misc,valid-type]  # Observer: the platform's class
    """watchdog's native observer (inotify on Linux), told only of changes: it also reports a file
    opened or closed unwritten, so each language build reading the tree would ask MkDocs' server for a
    rebuild, which holds every request for a page until it ran (behind the language build) and then
    reloads the browsers."""

    def schedule(
        self,
        event_handler: FileSystemEventHandler,
        path: str | Path,
        *,
        recursive: bool = False,
        event_filter: list[type[FileSystemEvent]] | None = None,
        follow_symlink: bool = False,
    ) -> ObservedWatch:
        return super().schedule(
            event_handler,
            path,
            recursive=recursive,
            event_filter=event_filter or _CHANGES,
            follow_symlink=follow_symlink,
        )


_CHANGES: list[type[FileSystemEvent]] = [
    FileCreatedEvent,
    FileModifiedEvent,
    FileClosedEvent,  # closed after writing
    FileDeletedEvent,
    FileMovedEvent,
    EventsLostEvent,  # the kernel's queue overflowed: anything may have changed
]


# How many times the pages asked for are previewed before their language's build: those asked while the
# first preview built are previewed too, then the language is built.
_PREVIEW_ROUNDS = 3

# Seconds without another change of the tree before an edit is rebuilt (MkDocs waits 0.1): an editor's
# save is a write or a rename, and a second save right after is rebuilt on its own.
_EDIT_SETTLES = 0.05


def _build_order(languages: list[str], first: str) -> list[str]:
    """`first` (when the tree has it), then the tree's languages in their order."""
    if first not in languages:
        log.warning("--lang %s: the tree has no such language; building %s first", first, languages[0])
        first = languages[0]
    return [first, *(code for code in languages if code != first)]
