"""Translation workflow: `polydocs translate LANG PAGE` starts a translation from the English page, and
`polydocs translate --changes LANG PAGE` says which English blocks changed since it was last marked."""

from polydocs.translate.changes import BlockChange, english_changes
from polydocs.translate.start import StartedTranslation, start_translation

__all__ = ["BlockChange", "StartedTranslation", "english_changes", "start_translation"]
