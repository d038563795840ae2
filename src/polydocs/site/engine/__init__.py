"""Adapters to the private parts of the site's engine and its plugins: one module per host library
(MkDocs, mkdocstrings, autorefs), each checked against the versions it was written for when imported
(`polydocs.host_versions`). No other module of polydocs touches a private part of these libraries
(tests/site/test_private_apis.py)."""
