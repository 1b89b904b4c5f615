"""What every game table is built from: the table scene base (the line to the host, the event dispatch) in ``scene``,
couch play in ``couch``, the seat plates and the felt in ``plates``, kept pictures in ``kept``, popups in ``popups``,
tweens in ``tween`` and the pause menu in ``pause``."""
