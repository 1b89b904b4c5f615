"""What every game table is built from: the table scene base (seats, couch curtain, event dispatch,
kept pictures) in ``scene``, tweens and popups in ``tween``."""
