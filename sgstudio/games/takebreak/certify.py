"""Take-and-break's certificate: split-nim's closed form for ``split:K``, else the octal theorem."""

from __future__ import annotations

from typing import Any

from sgstudio.core.patterns.certify import Certificate, octal_certificate
from sgstudio.games.splitnim.certify import split_certificate


def takebreak_certificate(pattern: object, table: object, rule: Any) -> Certificate:
    """A take-and-break rule's certificate: split-nim's closed form for ``split:K``, else the octal
    periodicity theorem (which says itself when it does not apply).

    >>> from sgstudio.games.takebreak.parse import parse_rule
    >>> takebreak_certificate(None, [], parse_rule("grundy")).reason
    'the theorem is about one-number games'
    """
    if getattr(rule, "family", None) == "split":
        return split_certificate(pattern, table, rule)
    return octal_certificate(pattern, table, rule)
