"""A detect-secrets plugin for Hugging Face access tokens, which detect-secrets 1.5 does not know.

Loaded by detect-secrets from this file's path, so it imports nothing from polydocs.
"""

import re

from detect_secrets.plugins.base import RegexBasedDetector


class HuggingFaceTokenDetector(RegexBasedDetector):
    """User access tokens (`hf_` + 34 letters) and organization API tokens (`api_org_` + 34 letters)."""

    # The name of a kind of secret, which the keyword plugin would take for a password.
    secret_type = "Hugging Face Token"  # pragma: allowlist secret

    denylist = (re.compile(r"\b(?:hf_|api_org_)[A-Za-z]{34}\b"),)
