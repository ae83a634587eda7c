"""Digital Deletions (HDU 1404): a string of digits; change one digit to a smaller one, or erase a 0
and every digit right of it.

Whoever erases the last digit wins, so the empty string is lost for the player to move. The
positions are strings.
"""

name = "Digital Deletions (HDU 1404)"
start = "1020"


def options(s):
    for i, digit in enumerate(s):
        for smaller in range(int(digit)):
            yield s[:i] + str(smaller) + s[i + 1:]
        if digit == "0":
            yield s[:i]


def text(s):
    return s or "(empty)"
