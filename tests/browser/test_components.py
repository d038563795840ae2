"""Course components in chromium, in English and Spanish: a quiz answered with the keyboard only, a
framework choice kept on the next page, and a YouTube video that is requested only after the click.
"""

from __future__ import annotations

import textwrap
from collections.abc import Iterator

import pytest
from axe_playwright_python.sync_playwright import Axe
from browser_support import BROWSER_MARKS, OpenPage, open_watched_page, serve_folder
from playwright.sync_api import Browser, Page

from polydocs.site.build import build_site

pytestmark = BROWSER_MARKS

LANGUAGES = ("en", "es")
FEEDBACK = {"en": ("Right!", "Not quite."), "es": ("¡Correcto!", "No del todo.")}

_TOCTREE = """
- title: Course
  sections:
  - local: index
    title: Quiz
  - local: training
    title: Training
  - local: evaluation
    title: Evaluation
"""
_QUIZ = """
# Quiz

### 1. Which task is it?

<Question
\tchoices={[
\t\t{text: "Summarization", explain: "Look again at the <code>roberta-large-mnli</code> page."},
\t\t{text: "Text classification", explain: "It classifies pairs of sentences.", correct: true},
\t\t{text: "Text generation", explain: "No text is generated."}
\t]}
/>

<Youtube id="1pedAIvTWXk"/>

```py
>>> total = 1 + 1
>>> print(total)
2
```
"""
_SWITCH = """
<FrameworkSwitchCourse {fw} />

# PAGE

{#if fw === 'pt'}

PyTorch text of PAGE.

{:else}

TensorFlow text of PAGE.

{/if}
"""


@pytest.fixture(scope="module")
def course_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    root = tmp_path_factory.mktemp("course-browser")
    for lang in LANGUAGES:
        files = {
            "_toctree.yml": _TOCTREE,
            "index.md": _QUIZ,
            "training.md": _SWITCH.replace("PAGE", "Training"),
            "evaluation.md": _SWITCH.replace("PAGE", "Evaluation"),
        }
        for name, text in files.items():
            path = root / "docs" / lang / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
    report = build_site(root / "docs", root / "site")
    assert not report.warnings, report.warnings
    with serve_folder(root / "site") as url:
        yield url


def _tab_until(page: Page, selector: str, backwards: bool = False) -> None:
    """Press Tab (or Shift+Tab) until the focused element matches `selector`."""
    for _ in range(80):
        if page.evaluate("s => document.activeElement && document.activeElement.matches(s)", selector):
            return
        page.keyboard.press("Shift+Tab" if backwards else "Tab")
    raise AssertionError(f"Tab never reached {selector}")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_quiz_is_answered_with_the_keyboard_only(module_page: OpenPage, course_url: str, lang: str) -> None:
    page, watch = module_page()
    page.goto(f"{course_url}/{lang}/", wait_until="load")
    quiz = page.locator(".polydocs-quiz")
    right, wrong = FEEDBACK[lang]
    _tab_until(page, ".polydocs-quiz input")
    page.keyboard.press("ArrowDown")  # the second choice, the right one
    _tab_until(page, ".polydocs-quiz-check")
    page.keyboard.press("Enter")
    assert quiz.locator(".polydocs-quiz-feedback").inner_text() == right
    _tab_until(page, ".polydocs-quiz input", backwards=True)
    page.keyboard.press("ArrowUp")  # the first choice, a wrong one
    _tab_until(page, ".polydocs-quiz-check")
    page.keyboard.press("Space")
    assert quiz.locator(".polydocs-quiz-feedback").inner_text().startswith(wrong)
    # The chosen answer's explanation opened: the reader learns why.
    assert quiz.locator(".polydocs-quiz-choice").first.locator("details").get_attribute("open") is not None
    assert watch.console_errors == []


def test_an_interactive_session_shows_its_output_apart_and_copies_only_its_code(
    browser: Browser, course_url: str
) -> None:
    page, watch = open_watched_page(browser, permissions=["clipboard-read", "clipboard-write"])
    try:
        page.goto(f"{course_url}/en/", wait_until="load")
        session = page.locator(".polydocs-session")
        output = session.locator(".go")
        assert output.inner_text() == "2"
        assert output.evaluate("e => getComputedStyle(e).fontStyle") == "italic"
        session.hover()
        session.locator("button[data-clipboard-target]").click()
        copied = page.evaluate("navigator.clipboard.readText()")
        # As doc-builder's copy button: the statements, without `>>> ` prompts or what they printed.
        assert [line for line in copied.splitlines() if line.strip()] == ["total = 1 + 1", "print(total)"]
        assert watch.console_errors == []
    finally:
        page.context.close()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_framework_chosen_on_one_page_is_kept_on_the_next(
    browser: Browser, course_url: str, lang: str
) -> None:
    page, watch = open_watched_page(browser)
    try:
        page.goto(f"{course_url}/{lang}/training/", wait_until="load")
        assert page.get_by_text("PyTorch text of Training.").is_visible()
        page.locator(".tabbed-labels label", has_text="TensorFlow").click()
        assert page.get_by_text("TensorFlow text of Training.").is_visible()
        page.goto(f"{course_url}/{lang}/evaluation/", wait_until="load")
        assert page.get_by_text("TensorFlow text of Evaluation.").is_visible()
        assert not page.get_by_text("PyTorch text of Evaluation.").is_visible()
        assert watch.console_errors == []
    finally:
        page.context.close()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_youtube_video_is_requested_only_after_the_click(
    module_page: OpenPage, course_url: str, lang: str
) -> None:
    page, watch = module_page()
    page.goto(f"{course_url}/{lang}/", wait_until="networkidle")
    assert not [url for url in watch.requests if "youtube" in url]
    assert page.locator(".polydocs-embed-youtube a[href^='https://www.youtube.com/watch']").count() == 1
    with page.expect_request(lambda request: "youtube-nocookie.com" in request.url):
        page.locator(".polydocs-embed-youtube .polydocs-embed-load").click()
    frame = page.locator(".polydocs-embed-youtube iframe[sandbox]")
    assert frame.get_attribute("src") == "https://www.youtube-nocookie.com/embed/1pedAIvTWXk"
    assert [url for url in watch.requests if "youtube" in url] == [
        "https://www.youtube-nocookie.com/embed/1pedAIvTWXk"
    ]
    # The page's policy lets this frame in (the request is then refused by the test, not the page).
    assert not [line for line in watch.console_errors if "Content Security Policy" in line]


@pytest.mark.parametrize("path", ["/en/", "/es/training/"])
def test_the_quiz_video_and_tabs_have_no_serious_accessibility_violation(
    module_page: OpenPage, course_url: str, path: str
) -> None:
    page, _ = module_page()
    page.goto(course_url + path, wait_until="load")
    violations = Axe().run(page).response["violations"]
    blocking = [f"{v['id']}: {v['help']}" for v in violations if v["impact"] in ("serious", "critical")]
    assert not blocking, blocking
