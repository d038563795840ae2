"""Offline web stand-ins, in-process: real clients, unmodified, reach the proxy through the environment."""

import io
import os
import sys
import urllib.request

import pytest

from polydocs.snippets.standins.web import WEB_REGISTRY_FILE, OfflineWeb

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
            f"{WEB_REGISTRY_FILE} (WEB_REGISTRY)",
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


def test_urls_the_page_opens_as_images_are_read_from_its_code_through_names_and_blocks():
    from polydocs.snippets.standins.web_images import opened_as_images, same_url

    blocks = [
        'photo = "https://Images.Example.com:443/p/1?w=640#top"\nresponse = requests.get(photo)\n',
        "image = Image.open(BytesIO(response.content))\n"
        'PIL.Image.open(urlopen("https://example.com/a")).show()\n'
        'with requests.get("https://example.com/b", stream=True) as answer:\n    Image.open(answer.raw)\n'
        'pictures = [load_image(u) for u in ["https://example.com/c", "https://example.com/d"]]\n',
        "def broken(:\n",
        'diffusers.utils.load_image(url="https://example.com/keyword-only")\n',
    ]
    assert opened_as_images(blocks) == {
        same_url(u)
        for u in ("https://images.example.com/p/1?w=640", *(f"https://example.com/{c}" for c in "abcd"))
    }


def test_urls_read_as_text_or_json_or_through_an_item_of_a_response_are_not_images():
    from polydocs.snippets.standins.web_images import opened_as_images

    code = (
        'labels = requests.get("https://git.io/JJkYN").text.split("\\n")\n'
        'info = requests.get("https://example.com/api").json()\n'
        'image = Image.open(requests.get(info["image"], stream=True).raw)\n'
        'config = json.loads(urlopen("https://example.com/config").read())\n'
        'local = Image.open("cat")\n'
    )
    assert opened_as_images([code]) == frozenset()


def test_a_url_without_image_suffix_is_an_image_only_where_the_page_opens_it_as_one(tmp_path):
    image_url, text_url = "https://example.com/photo?id=7", "https://example.com/labels"
    with OfflineWeb(tmp_path / "web", __file__, frozenset({image_url})) as web:
        with requests.get(image_url, stream=True) as response:
            assert PIL.open(response.raw).format == "JPEG"
        with requests.get(text_url) as response:
            assert response.status_code == 404
    assert [message for _, message in web.misses] == [
        f"no stand-in for https://example.com/labels; add one in {WEB_REGISTRY_FILE} (WEB_REGISTRY)"
    ]
