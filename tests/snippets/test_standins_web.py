"""Offline web stand-ins, in-process: real clients, unmodified, reach the proxy through the environment."""

import io
import os
import sys
import urllib.request

import pytest

from polydocs.snippets.standins_web import OfflineWeb

PIL = pytest.importorskip("PIL.Image")
requests = pytest.importorskip("requests")
COCO = "http://images.cocodataset.org/val2017/000000039769.jpg"
CAT = "https://huggingface.co/datasets/huggingface/documentation-images/resolve/main/pipeline-cat-chonk.jpeg"


@pytest.fixture
def web(tmp_path):
    with OfflineWeb(tmp_path / "web", __file__) as web:
        yield web


def test_requests_gets_a_generated_image_over_http_and_https(web):
    for url in (COCO, CAT):
        with requests.get(url, stream=True) as response:
            image = PIL.open(response.raw)
            assert (image.format, image.size) == ("JPEG", (640, 480))
    assert web.misses == []


def test_urllib_and_the_hub_httpx_client_get_the_image_in_the_format_of_its_extension(web):
    httpx = pytest.importorskip("huggingface_hub.utils").httpx
    with urllib.request.urlopen("https://example.com/photo.webp") as response:
        assert PIL.open(io.BytesIO(response.read())).format == "WEBP"
    answer = httpx.get("https://example.com/pokemon.png", follow_redirects=True)
    assert PIL.open(io.BytesIO(answer.content)).format == "PNG"


def test_the_same_url_gets_the_same_image_and_different_urls_differ(web):
    def fetch(url):
        with requests.get(url) as response:
            return response.content

    assert fetch(COCO) == fetch(COCO) != fetch(CAT.replace(".jpeg", ".jpg"))


def test_a_url_without_stand_in_is_a_404_recorded_at_the_line_that_asked(web):
    line = sys._getframe().f_lineno + 1
    with requests.get("https://example.com/imagenet-labels.json") as response:
        assert response.status_code == 404
    assert web.misses == [
        (
            line,
            "no stand-in for https://example.com/imagenet-labels.json; add one in "
            "src/polydocs/snippets/standins_web.py (WEB_REGISTRY)",
        )
    ]


def test_the_environment_is_restored_afterwards(tmp_path):
    before = {name: os.environ.get(name) for name in ("HTTPS_PROXY", "SSL_CERT_FILE", "NO_PROXY")}
    with OfflineWeb(tmp_path, __file__) as web:
        assert os.environ["HTTPS_PROXY"] == "http://{}:{}".format(*web.address)
        assert os.environ["SSL_CERT_FILE"] == str(tmp_path / "ca.pem") and "NO_PROXY" not in os.environ
    assert {name: os.environ.get(name) for name in before} == before


def test_urllib_used_before_the_stand_ins_start_still_reaches_them(tmp_path):
    # urllib keeps the opener of its first call, with the proxies of that moment.
    local = tmp_path / "local.txt"
    local.write_text("local", encoding="utf-8")
    with urllib.request.urlopen(local.as_uri()) as response:
        assert response.read() == b"local"
    with OfflineWeb(tmp_path / "web", __file__):
        with urllib.request.urlopen("https://example.com/photo.webp") as response:
            assert PIL.open(io.BytesIO(response.read())).format == "WEBP"
