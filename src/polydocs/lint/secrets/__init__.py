"""Secret scanning with detect-secrets, and the allowlist of deliberate examples."""
