"""detect-secrets filters. A high-entropy string is a secret only where its name says it is one; a line of
our own reports that gives a digest to a key naming one is no secret.

detect-secrets' entropy plugins flag every quoted string random enough to be a key. In documentation most
are not: git object ids (`revision="ed94a7c6…"`, `commit_hash = …`), dataset and example ids
(`'id': '5733be28…'`), checksums in documented outputs, Hub repository ids. A real credential in a page is
either of a known format (found by its own plugin, untouched here) or given to something named for it
(`token=`, `api_key:`, `HF_TOKEN=`, `"client_secret":`, `--password`). So the entropy findings are kept
only where the name the string is assigned to holds such a word.

Loaded by detect-secrets from this file's path (`filters_used`), so it imports nothing from polydocs.
"""

import re

from detect_secrets.filters.heuristic import is_indirect_reference

# The plugins whose findings are guesses by randomness, not by format.
_ENTROPY_PLUGINS = frozenset({"HexHighEntropyString", "Base64HighEntropyString"})
# Words of a name that say its value is a credential (`HF_TOKEN`, `apiKey`, `client_secret`, `passwd`).
_SECRET_WORDS = frozenset(
    {"token", "key", "apikey", "secret", "password", "passwd", "pwd", "pass", "credential", "auth"}
)
# A last word that says the value is an identifier or a digest of something, not the credential itself
# (`token_id`, `key_hash`, `secret_revision`).
_NOT_SECRET_LAST = frozenset({"id", "ids", "hash", "sha", "digest", "checksum", "revision", "commit", "ref"})
# The name just before the string: `name = "`, `"name": '`, `name: `, `name=(`, `["name"] = "`, `--name "`.
_ASSIGNED_TO = re.compile(
    r"(?P<name>[A-Za-z_][\w.-]*)[\"'\]]*\s*(?::=|=>|==|=|:|(?<=-)\s|\s(?=[\"']$))?\s*[(\[{]?\s*[\"'`]?$"
)
_WORD = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+")
# Content fingerprints in our own JSON reports (`"code_hash": "4180a9b4…"`, `"key": …`) are hex digests,
# not credentials.
_FINGERPRINT_LINE = re.compile(
    r'^\s*"(?:code_hash|key|hash|sha1|sha256|digest|revision|git_rev)"\s*:\s*"[0-9a-f-]+",?\s*$'
)


def name_words(name: str) -> list[str]:
    """`HF_TOKEN` -> [hf, token]; `clientSecret` -> [client, secret]; `api-keys` -> [api, keys]."""
    return [word.lower() for word in _WORD.findall(name)]


def _one_of(word: str, words: frozenset[str]) -> bool:
    return word in words or (word.endswith("s") and word[:-1] in words)


def names_a_secret(name: str) -> bool:
    words = name_words(name)
    if not words or _one_of(words[-1], _NOT_SECRET_LAST):
        return False
    return any(_one_of(word, _SECRET_WORDS) for word in words)


def assigned_name(secret: str, line: str) -> str:
    """The name `secret` is given to on `line` (empty when it stands alone: an argument, a list item)."""
    index = line.find(secret)
    match = _ASSIGNED_TO.search(line[: max(index, 0)]) if index >= 0 else None
    return match.group("name") if match else ""


def is_unnamed_high_entropy_string(secret: str, line: str, plugin: object) -> bool:
    """True (not a secret) for an entropy plugin's finding whose name does not say credential."""
    if type(plugin).__name__ not in _ENTROPY_PLUGINS:
        return False
    return not names_a_secret(assigned_name(secret, line))


# A keyword plugin value of words only (`not-needed`, `sk-no-key-required`, `your_api_key`): a
# placeholder that tells the reader what goes there, not a credential.
_WORDS_ONLY = re.compile(r"^[^\W\d_]+(?:[-_. ][^\W\d_]+)*$")


def is_placeholder_word(secret: str, plugin: object) -> bool:
    """True (not a secret) for a keyword plugin's finding whose value is words only."""
    return type(plugin).__name__ == "KeywordDetector" and bool(_WORDS_ONLY.match(secret))


def is_indirect_keyword_value(line: str, plugin: object) -> bool:
    """detect-secrets' `is_indirect_reference` (`secret = get_secret()`), for the keyword plugin only.

    detect-secrets applies it to the whole line, before any plugin: `from_pretrained("x", token="hf_…")`
    is a call, so the token on it went unreported. Only the keyword plugin, which takes whatever follows
    `secret =` for the secret, needs it; format plugins and named entropy strings do not."""
    return type(plugin).__name__ == "KeywordDetector" and is_indirect_reference(line)


def is_fingerprint_line(line: str) -> bool:
    """True (not a secret) for a line that only gives a hex string to a key naming a digest. Ours rather
    than detect-secrets' `regex.should_exclude_line` with this pattern, which finds its pattern by the
    name of its caller (`inspect.stack()`, reading the source of every frame, after each settings change):
    a tenth of a second and more per scan in a deep stack, about 30 s of CPU over the test suite's scans."""
    return _FINGERPRINT_LINE.search(line) is not None
