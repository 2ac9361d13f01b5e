"""A problem found in content, and the error that carries them all: light, so that every layer may name them."""
from __future__ import annotations

from dataclasses import dataclass

from ..errors import GaiaError


@dataclass(frozen=True)
class Diagnostic:
    """One problem found in content, pointing at its place."""

    file: str
    line: int
    column: int
    message: str

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}: {self.message}"


class ContentError(GaiaError):
    """Content that cannot be used; carries every diagnostic found."""

    def __init__(self, diagnostics: list[Diagnostic]):
        self.diagnostics = diagnostics
        super().__init__("\n".join(str(d) for d in diagnostics))
