"""The "did you mean" hint of a message naming an unknown word.

Content checks, set-up and the rules all name an unknown word with the
closest known one, in the same words; this is that one helper.
"""
from __future__ import annotations

import difflib
from typing import Iterable


def did_you_mean(word: str, choices: Iterable[str], cutoff: float = 0.6) -> str:
    """` (did you mean 'x'?)` for the closest of `choices` to `word`, or "" when none is close (a similarity
    of at least `cutoff`, from 0 to 1)."""
    close = difflib.get_close_matches(str(word), [str(c) for c in choices], n=1, cutoff=cutoff)
    return f" (did you mean '{close[0]}'?)" if close else ""
