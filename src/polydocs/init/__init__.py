"""`polydocs init`: adopt polydocs in a repository (settings, Makefile targets, workflows, lint baseline)."""

from polydocs.init.discover import DocsSetup, read_setup
from polydocs.init.write import InitReport, init_repository

__all__ = ["DocsSetup", "InitReport", "init_repository", "read_setup"]
