"""A stand-in for the Hub login inside a session: `notebook_login()`, `login()`, `interpreter_login()`.

A session has no token and no network, so the real functions can only fail (the device-code request is
refused) or wait for a person. Their stand-ins log nothing in, read and write no token, and say on the
block's output that the check skipped the login, so the blocks after it run. What needs the login to
work (`push_to_hub`) still fails, offline, and is blocked as an offline resource.
"""

from __future__ import annotations

import sys
from types import ModuleType, TracebackType
from typing import Any

LOGIN_FUNCTIONS = ("login", "notebook_login", "interpreter_login")
_ABSENT = object()  # the attribute was not set yet (huggingface_hub imports its functions lazily)


def skipped_login_message(name: str) -> str:
    return (
        f"polydocs: skipped {name}(): the check runs offline, with no Hub token; nothing was logged in,"
        " and no token was read or written"
    )


def names_a_login(code: str) -> bool:
    """Whether a session's code may log in (importing huggingface_hub's login costs 0.2 s otherwise)."""
    return "login" in code


class OfflineLogin:
    """Replaces the login functions of `huggingface_hub` (and of its `_login` module, where `login()`
    finds the others) for the session, and restores them afterwards."""

    def __init__(self) -> None:
        self._saved: list[tuple[ModuleType, str, Any]] = []

    def __enter__(self) -> OfflineLogin:
        try:
            import huggingface_hub
            import huggingface_hub._login as login_module
        except ImportError:  # no huggingface_hub: a page that logs in fails on its import, as it should
            return self
        for module in (huggingface_hub, login_module):
            for name in LOGIN_FUNCTIONS:
                self._saved.append((module, name, module.__dict__.get(name, _ABSENT)))
                setattr(module, name, _stand_in(name))
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        for module, name, original in reversed(self._saved):
            if original is _ABSENT:
                delattr(module, name)
            else:
                setattr(module, name, original)
        self._saved.clear()


def _stand_in(name: str) -> Any:
    def skipped(*args: Any, **kwargs: Any) -> None:
        print(skipped_login_message(name), file=sys.stdout, flush=True)

    skipped.__name__ = skipped.__qualname__ = name
    return skipped
