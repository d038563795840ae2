"""The texts of the small two-page trees (a home page and a guide per language) the site tests write."""

HEADER = "<!--Copyright 2026 The HuggingFace Team. Licensed under the Apache License, Version 2.0.-->\n\n"
TOC = "- sections:\n  - local: index\n    title: Home\n  - local: guide\n    title: Guide\n  title: S\n"
