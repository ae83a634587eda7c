"""Take-and-break games (octal and hexadecimal codes)."""
