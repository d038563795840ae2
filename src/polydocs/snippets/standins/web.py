"""Stand-ins for web URLs: an offline HTTP(S) proxy inside the session process that answers image URLs.

`requests`, `httpx` and `urllib` all read the standard proxy and CA-bundle environment variables
(`HTTPS_PROXY`, `REQUESTS_CA_BUNDLE`, `SSL_CERT_FILE`), so pointing them at a proxy in this process makes
the page's unmodified `requests.get(url)` / `load_image(url)` / `pipeline(...)(url)` receive a generated
image: no library is patched. HTTPS is answered with a certificate for the requested host, signed by a
certificate authority made for this session only (with the `openssl` command). The proxy never connects
anywhere; a URL with no stand-in gets a 404 and is reported at the page line that asked for it.

A URL whose path has no image suffix gets an image too when the page opens it as one (`web_images.py`
reads that from the session's code) or when a library's image loader asks for it (a vision pipeline
given a URL calls transformers' `load_image`): the function asking, in the main thread's stack, is a
`load_image`, `load_images` or `fetch_images` of a library, not of the page.
"""

from __future__ import annotations

import hashlib
import io
import os
import re
import shutil
import ssl
import subprocess
import sys
import threading
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from polydocs.guide import repository_file_url
from polydocs.snippets.standins.web_images import same_url

WEB_REGISTRY_FILE = repository_file_url("src/polydocs/snippets/standins/web.py")
_IMAGE_SIZE = (640, 480)  # the size of the COCO photo most Transformers pages open
_PROXY_VARIABLES = ("HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "http_proxy", "https_proxy", "all_proxy")
_CA_VARIABLES = ("REQUESTS_CA_BUNDLE", "SSL_CERT_FILE", "CURL_CA_BUNDLE")
_CLEARED_VARIABLES = ("NO_PROXY", "no_proxy", "SSL_CERT_DIR")


@dataclass(frozen=True)
class WebStandIn:
    """URLs whose path matches `pattern` are answered with `make(url)`, of type `content_type`."""

    pattern: str  # a regular expression searched in the URL's path, case-insensitive
    content_type: str
    make: Callable[[str], bytes]


def _generated_image(image_format: str) -> Callable[[str], bytes]:
    def make(url: str) -> bytes:
        from PIL import Image

        # A smooth gradient whose colours depend on the URL: deterministic, and no two URLs look alike.
        seed = hashlib.sha1(url.encode()).digest()
        width, height = _IMAGE_SIZE
        red = Image.linear_gradient("L").resize((width, height))
        green = red.transpose(Image.Transpose.ROTATE_90).resize((width, height))
        blue = Image.new("L", (width, height), seed[0])
        image = Image.merge("RGB", (red, green, blue))
        buffer = io.BytesIO()
        image.save(buffer, format=image_format)
        return buffer.getvalue()

    return make


# Add a stand-in: one WebStandIn, listed here; the first match wins.
WEB_REGISTRY: list[WebStandIn] = [
    WebStandIn(r"\.jpe?g$", "image/jpeg", _generated_image("JPEG")),
    WebStandIn(r"\.png$", "image/png", _generated_image("PNG")),
    WebStandIn(r"\.webp$", "image/webp", _generated_image("WEBP")),
    WebStandIn(r"\.gif$", "image/gif", _generated_image("GIF")),
    WebStandIn(r"\.bmp$", "image/bmp", _generated_image("BMP")),
]


# What an image opener is handed when the URL's path says nothing of its format.
_UNNAMED_IMAGE = WebStandIn("", "image/jpeg", _generated_image("JPEG"))
# The functions of transformers, diffusers and huggingface_hub that fetch an image from a URL.
_IMAGE_LOADER = re.compile(r"(?:load|fetch)_images?(?:_as_tensor)?")


def web_stand_in_for(url: str) -> WebStandIn | None:
    path = urlsplit(url).path
    return next((s for s in WEB_REGISTRY if re.search(s.pattern, path, re.IGNORECASE)), None)


def missing_web_stand_in(url: str) -> str:
    return f"no stand-in for {url}; add one in {WEB_REGISTRY_FILE} (WEB_REGISTRY)"


class OfflineWeb:
    """Context manager: an offline proxy on 127.0.0.1 and the environment variables that route to it.

    `address` is the proxy's (host, port), the one connection the session may open; `misses` lists
    `(page line, message)` for each URL that had no stand-in, the line found in the main thread's stack.
    """

    def __init__(self, folder: Path, page_path: str, images: frozenset[str] = frozenset()) -> None:
        self.folder = folder
        self.page_path = page_path
        self.images = images  # URLs the page opens as images (`same_url` form)
        self.misses: list[tuple[int, str]] = []
        self._contexts: dict[str, ssl.SSLContext] = {}
        self._lock = threading.Lock()
        self._saved_environment: dict[str, str | None] = {}
        self._server: ThreadingHTTPServer | None = None

    @property
    def address(self) -> tuple[str, int]:
        assert self._server is not None, "OfflineWeb is not started"
        host, port = self._server.server_address[:2]
        return str(host), int(port)

    def __enter__(self) -> OfflineWeb:
        self.folder.mkdir(parents=True, exist_ok=True)
        self.https = shutil.which("openssl") is not None
        if self.https:
            _make_certificate_authority(self.folder)
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), _ProxyHandler)
        self._server.daemon_threads = True
        self._server.web = self  # type: ignore[attr-defined]
        threading.Thread(target=self._server.serve_forever, name="polydocs-offline-web", daemon=True).start()
        proxy = "http://{}:{}".format(*self.address)
        ca_file = str(self.folder / "ca.pem")
        changes: dict[str, str | None] = {name: proxy for name in _PROXY_VARIABLES}
        changes.update({name: ca_file if self.https else os.environ.get(name) for name in _CA_VARIABLES})
        changes.update({name: None for name in _CLEARED_VARIABLES})
        for name, value in changes.items():
            self._saved_environment[name] = os.environ.get(name)
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value
        _forget_urllib_opener()
        return self

    def __exit__(self, *exc_info: object) -> None:
        for name, value in self._saved_environment.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value
        _forget_urllib_opener()
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()

    def tls_context(self, host: str) -> ssl.SSLContext:
        with self._lock:
            if host not in self._contexts:
                certificate, key = _make_host_certificate(self.folder, host)
                context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
                context.load_cert_chain(certificate, key)
                self._contexts[host] = context
            return self._contexts[host]

    def stand_in_for(self, url: str) -> WebStandIn | None:
        """The registry's stand-in, else an image for a URL the page or a library's image loader opens."""
        found = web_stand_in_for(url)
        if found is None and (same_url(url) in self.images or self._asked_by_image_loader()):
            return _UNNAMED_IMAGE
        return found

    def _asked_by_image_loader(self) -> bool:
        frame = sys._current_frames().get(threading.main_thread().ident or 0)
        while frame is not None:
            code = frame.f_code
            if code.co_filename != self.page_path and _IMAGE_LOADER.fullmatch(code.co_name):
                return True
            frame = frame.f_back
        return False

    def record_miss(self, message: str) -> None:
        self.misses.append((self._page_line(), message))

    def _page_line(self) -> int:
        """The deepest line of the page that the main thread is running (0 when none is)."""
        frame = sys._current_frames().get(threading.main_thread().ident or 0)
        while frame is not None:
            if frame.f_code.co_filename == self.page_path:
                return frame.f_lineno
            frame = frame.f_back
        return 0


class _ProxyHandler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    origin = ""  # "https://host" inside a CONNECT tunnel, where request paths are relative

    @property
    def web(self) -> OfflineWeb:
        return self.server.web  # type: ignore[attr-defined,no-any-return]

    def do_CONNECT(self) -> None:
        host = self.path.rsplit(":", 1)[0]
        if not self.web.https:
            self.web.record_miss(f"no stand-in for https://{host}: HTTPS stand-ins need the openssl command")
            self.send_error(502, "HTTPS stand-ins need the openssl command")
            return
        self.send_response(200, "Connection established")
        self.end_headers()
        with self.web.tls_context(host).wrap_socket(self.connection, server_side=True) as tunnel:
            _TunnelHandler(tunnel, self.client_address, self.server, origin=f"https://{host}")
        self.close_connection = True

    def do_GET(self) -> None:
        self._answer(with_body=True)

    def do_HEAD(self) -> None:
        self._answer(with_body=False)

    def _answer(self, with_body: bool) -> None:
        url = self.origin + self.path if self.origin else self.path
        stand_in = self.web.stand_in_for(url)
        if stand_in is None:
            self.web.record_miss(missing_web_stand_in(url))
            body, status, content_type = missing_web_stand_in(url).encode(), 404, "text/plain"
        else:
            body, status, content_type = stand_in.make(url), 200, stand_in.content_type
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if with_body:
            self.wfile.write(body)

    def log_message(self, format: str, *args: Any) -> None:
        pass  # the page's own output stays readable


class _TunnelHandler(_ProxyHandler):
    def __init__(self, request: Any, client_address: Any, server: Any, *, origin: str) -> None:
        self.origin = origin
        super().__init__(request, client_address, server)


def _forget_urllib_opener() -> None:
    """urllib builds its default opener once, with the proxies of the environment at its first `urlopen`:
    drop it, so that the next call reads the environment as it is now."""
    urllib.request.install_opener(None)  # type: ignore[arg-type]


def _openssl(*arguments: str) -> None:
    subprocess.run(["openssl", *arguments], check=True, capture_output=True)


def _make_certificate_authority(folder: Path) -> None:
    _openssl(
        "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
        "-keyout", str(folder / "ca.key"), "-out", str(folder / "ca.pem"), "-days", "7",
        "-subj", "/CN=polydocs offline web stand-ins",
        "-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign",
    )  # fmt: skip


def _make_host_certificate(folder: Path, host: str) -> tuple[str, str]:
    name = re.sub(r"[^\w.-]", "_", host)
    key, request, certificate = (str(folder / f"{name}.{suffix}") for suffix in ("key", "csr", "pem"))
    kind = "IP" if re.fullmatch(r"[\d.]+|\[?[0-9a-fA-F:]+\]?", host) else "DNS"
    extensions = folder / f"{name}.ext"
    extensions.write_text(
        f"subjectAltName={kind}:{host.strip('[]')}\n"
        "basicConstraints=critical,CA:FALSE\nkeyUsage=critical,digitalSignature\n"
        "extendedKeyUsage=serverAuth\nsubjectKeyIdentifier=hash\nauthorityKeyIdentifier=keyid\n"
    )
    _openssl(
        "req", "-new", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
        "-keyout", key, "-out", request, "-subj", f"/CN={host[:64]}",
    )  # fmt: skip
    _openssl(
        "x509", "-req", "-in", request, "-CA", str(folder / "ca.pem"), "-CAkey", str(folder / "ca.key"),
        "-set_serial", str(int.from_bytes(os.urandom(8), "big")), "-days", "7",
        "-extfile", str(extensions), "-out", certificate,
    )  # fmt: skip
    return certificate, key
