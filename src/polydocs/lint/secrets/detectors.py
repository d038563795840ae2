"""detect-secrets plugins for token formats detect-secrets 1.5 does not know: Hugging Face, Google API keys.

Loaded by detect-secrets from this file's path, so it imports nothing from polydocs.
"""

import re

from detect_secrets.plugins.base import RegexBasedDetector


class HuggingFaceTokenDetector(RegexBasedDetector):
    """User access tokens (`hf_` + 34 letters) and organization API tokens (`api_org_` + 34 letters)."""

    # The name of a kind of secret, which the keyword plugin would take for a password.
    secret_type = "Hugging Face Token"  # pragma: allowlist secret

    denylist = (re.compile(r"\b(?:hf_|api_org_)[A-Za-z]{34}\b"),)


class GoogleApiKeyDetector(RegexBasedDetector):
    """Google Cloud API keys: `AIza` and 35 letters, digits, `-` or `_` (Google's documented shape)."""

    secret_type = "Google API Key"  # pragma: allowlist secret

    denylist = (re.compile(r"\bAIza[0-9A-Za-z_-]{35}(?![0-9A-Za-z_-])"),)
