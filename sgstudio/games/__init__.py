"""The games of the studio, one package each (a game's rules, engines and tab in one place)."""
