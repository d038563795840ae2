#!/usr/bin/env python3
"""Recall of the built site's search for inflected and unaccented words, Material's worker against polydocs'.

Builds docs_src (or reads a built site), serves it on 127.0.0.1 and, in headless Debian chromium, asks
each language's search worker, as a reader's page does, for 30 words per language: an inflected or
unaccented form of a word the language's pages hold (`inferencias` for `inferencia`, `codigo` for
`código`). A word's expected pages are those whose search entries hold its page word; a page counts as
found when the worker lists it. Each word is asked of Material's own worker (what every page used before
`polydocs-search.js`) and of the worker the site's pages name now. Prints, per language and worker, the
words whose every page was found, the pages found of those expected, and the mean pages listed per word.
Usage: .venv/bin/python scripts/search_recall.py [--site BUILT_SITE] [--verbose]
Needs /usr/bin/chromium-headless-shell (scripts/install_browser.sh) and Playwright (the dev extras).
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import json
import re
import tempfile
import threading
from collections.abc import Iterator
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, sync_playwright

from polydocs.site.build import build_site

REPO = Path(__file__).resolve().parents[1]
CHROMIUM = "/usr/bin/chromium-headless-shell"

# (what a reader types, the word as the pages write it)
WORDS = {
    "es": [
        ("inferencias", "inferencia"),
        ("recompilaciones", "recompilación"),
        ("recompilacion", "recompilación"),
        ("compilacion", "compilación"),
        ("compilaciones", "compilación"),
        ("codigo", "código"),
        ("codigos", "código"),
        ("aceleracion", "aceleración"),
        ("ejecucion", "ejecución"),
        ("ejecuciones", "ejecución"),
        ("optimizaciones", "optimización"),
        ("configuraciones", "configuración"),
        ("parametro", "parámetro"),
        ("paginas", "página"),
        ("rapidos", "rápido"),
        ("rapida", "rápida"),
        ("ingles", "inglés"),
        ("versiones", "versión"),
        ("memorias", "memoria"),
        ("entrenamientos", "entrenamiento"),
        ("operacion", "operaciones"),
        ("implementacion", "implementaciones"),
        ("compilada", "compilado"),
        ("sobrecargas", "sobrecarga"),
        ("mediciones", "medición"),
        ("tamanos", "tamaño"),
        ("dinamicos", "dinámico"),
        ("estaticas", "estática"),
        ("descripciones", "descripción"),
        ("depura", "depurar"),
    ],
    "pt": [
        ("inferencias", "inferência"),
        ("inferencia", "inferência"),
        ("recompilacoes", "recompilação"),
        ("recompilações", "recompilação"),
        ("compilacao", "compilação"),
        ("compilacoes", "compilação"),
        ("codigo", "código"),
        ("codigos", "código"),
        ("aceleracao", "aceleração"),
        ("execucao", "execução"),
        ("execuções", "execução"),
        ("otimizacao", "otimização"),
        ("otimizações", "otimização"),
        ("configuracoes", "configuração"),
        ("parametro", "parâmetro"),
        ("paginas", "página"),
        ("rapidos", "rápido"),
        ("ingles", "inglês"),
        ("versoes", "versão"),
        ("memorias", "memória"),
        ("treinamentos", "treinamento"),
        ("operacao", "operações"),
        ("implementacao", "implementações"),
        ("compilada", "compilado"),
        ("latencias", "latência"),
        ("medicao", "medição"),
        ("numeros", "número"),
        ("depuracao", "depuração"),
        ("dinamicos", "dinâmico"),
        ("descricoes", "descrição"),
    ],
}

# In the page: start the named worker as Material's page does, hand it the language's index, ask each word.
_ASK = """async ([worker, words]) => {
  const config = JSON.parse(document.getElementById('__config').textContent);
  const base = new URL(config.base + '/', location.href);
  const index = await (await fetch(new URL('search/search_index.json', base))).json();
  const material = config.search.replace(/polydocs-search\\.js\\?worker=/, '');
  const search = new Worker(worker === 'material' ? material : config.search);
  const errors = [];
  search.onerror = event => errors.push(event.message);
  const ask = message => new Promise(done => {
    search.onmessage = event => done(event.data);
    search.postMessage(message);
  });
  await ask({type: 0, data: {...index, options: {suggest: false}}});
  const found = {};
  for (const word of words) {
    const answer = await ask({type: 2, data: word});
    found[word] = answer.data.items.map(group => group[0].location.split('#')[0] || '(home)');
  }
  search.terminate();
  return {found, errors};
}"""


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        """The figures are the output."""


@contextlib.contextmanager
def _served(folder: Path) -> Iterator[str]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(folder)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def _pages_holding(site: Path, lang: str) -> dict[str, set[str]]:
    """Each word of the language's search entries and the pages holding it: the text split where
    Material's search splits it, lower case, without the punctuation at its ends."""
    index = json.loads((site / lang / "search" / "search_index.json").read_text(encoding="utf-8"))
    separator = re.compile(index["config"]["separator"])
    pages: dict[str, set[str]] = {}
    for doc in index["docs"]:
        text = re.sub(r"<[^>]+>", " ", f"{doc['title']} {doc['text']}").lower()
        for part in separator.split(text):
            word = re.sub(r"^\W+|\W+$", "", part)
            pages.setdefault(word, set()).add(doc["location"].split("#")[0] or "(home)")
    return pages


def _ask(page: Page, url: str, lang: str, worker: str) -> dict[str, list[str]]:
    page.goto(f"{url}/{lang}/")
    answer = page.evaluate(_ASK, [worker, [typed for typed, _ in WORDS[lang]]])
    if answer["errors"]:
        raise SystemExit(f"{lang}: the {worker} search worker failed: {answer['errors']}")
    return dict(answer["found"])


def _report(site: Path, verbose: bool) -> None:
    with _served(site) as url, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
        page = browser.new_page()
        columns = ("words, every page found", "pages found", "listed/word")
        print(f"{'lang':4}  {'worker':9}  {columns[0]:>24}  {columns[1]:>12}  {columns[2]:>11}")
        for lang, words in WORDS.items():
            holding = _pages_holding(site, lang)
            missing = [word for _, word in words if word not in holding]
            if missing:
                raise SystemExit(f"{lang}: the pages no longer hold {missing}: choose other words in WORDS")
            for worker in ("material", "polydocs"):
                found = _ask(page, url, lang, worker)
                whole = pairs = hits = listed = 0
                for typed, word in words:
                    expected, got = holding[word], set(found[typed])
                    whole += expected <= got
                    pairs += len(expected)
                    hits += len(expected & got)
                    listed += len(got)
                    if verbose and not expected <= got:
                        print(f"    {lang} {worker}: {typed} ({word}) misses {sorted(expected - got)}")
                print(
                    f"{lang:4}  {worker:9}  {f'{whole}/{len(words)}':>24}  {f'{hits}/{pairs}':>12}  "
                    f"{listed / len(words):>11.1f}"
                )
        browser.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, help="a site built from docs_src (default: build one now)")
    parser.add_argument(
        "--verbose", action="store_true", help="name each word whose pages were not all found"
    )
    args = parser.parse_args()
    if args.site:
        _report(args.site, args.verbose)
        return
    with tempfile.TemporaryDirectory() as folder:
        build_site(REPO / "docs_src", Path(folder) / "site")
        _report(Path(folder) / "site", args.verbose)


if __name__ == "__main__":
    main()
